import { storageApi, type StoredFile } from '../../../core/contracts/storage.ts';
import { callEndpoint } from '../../lib/api.ts';

/** An invoice (PDF) or photo for a work order, under its name on the device, reporting progress (0–100); the fleet office reads it. */
export function uploadWorkOrderFile(file: File, onProgress: (percent: number) => void): Promise<StoredFile> {
  return callEndpoint(storageApi.upload, { query: { purpose: 'fleet', name: file.name }, body: file, onProgress });
}

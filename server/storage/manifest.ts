import { storageApi } from '../../core/contracts/storage.ts';
import type { ServerModule } from '../platform/modules.ts';
import { storageRoutes } from './routes.ts';

/** Uploads and files (/storage/v1). */
export const storageModule: ServerModule = {
  name: 'storage',
  apis: [storageApi],
  routes: storageRoutes,
  // Readers and uploaders of the purposes of modules not built yet; each moves to its module's manifest when it lands.
  fileReaders: {
    signature: ['fto:admin', 'fto:trainer'],
    productivity: [],
    citations: ['citations:access'],
  },
  fileUploaders: {
    signature: ['fto:user', 'fto:trainer', 'fto:admin'],
    productivity: ['productivity:access'],
    citations: ['citations:access'],
  },
};

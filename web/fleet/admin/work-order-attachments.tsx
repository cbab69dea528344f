import { ActionIcon, Button, FileButton, Stack, Text } from '@mantine/core';
import { IconPaperclip, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import type { WorkOrderAttachment } from '../../../core/contracts/fleet.ts';
import { errorMessage } from '../../lib/api-error.ts';
import { DOCUMENT_TYPES, documentFileProblem, fileKind, fileSize } from '../../lib/stored-files.ts';
import { uploadWorkOrderFile } from './upload-work-order-file.ts';
import { UploadLine, type UploadLineState } from '../../ui/upload-line.tsx';
import { StoredFileRow } from '../../ui/stored-file-row.tsx';

export const MAX_WORK_ORDER_FILES = 20;

type Upload = UploadLineState;

function AttachmentRow({ file, onRemove }: { file: WorkOrderAttachment; onRemove: () => void }) {
  const name = file.name ?? fileKind(file.content_type);
  return (
    <StoredFileRow
      fileId={file.id}
      name={file.name}
      contentType={file.content_type}
      details={`${fileKind(file.content_type)}, ${fileSize(file.size)}`}
      actions={() => (
        <ActionIcon variant="subtle" color="red" aria-label={`Remove ${name}`} onClick={onRemove}>
          <IconTrash size={16} aria-hidden />
        </ActionIcon>
      )}
    />
  );
}

/**
 * A work order's invoices and photos: each file uploads with its own progress bar as soon as it is
 * chosen (through storage/v1, readable by the fleet office only) and is kept with the work order when it
 * is saved; a refused file says why beside its name.
 */
export function WorkOrderAttachments(props: {
  files: WorkOrderAttachment[];
  onAdd: (file: WorkOrderAttachment) => void;
  onRemove: (id: string) => void;
  error?: string | undefined;
}) {
  const [uploads, setUploads] = useState<Upload[]>([]);
  const patch = (key: string, values: Partial<Upload>) =>
    setUploads((current) => current.map((upload) => (upload.key === key ? { ...upload, ...values } : upload)));
  const drop = (key: string) => setUploads((current) => current.filter((upload) => upload.key !== key));
  const room = MAX_WORK_ORDER_FILES - props.files.length - uploads.filter((upload) => !upload.error).length;

  const choose = (files: File[]) => {
    files.forEach((file, index) => {
      const key = crypto.randomUUID();
      const problem = index >= room ? `At most ${MAX_WORK_ORDER_FILES} files can be attached` : documentFileProblem(file);
      setUploads((current) => [...current, { key, name: file.name, progress: 0, error: problem }]);
      if (problem) return;
      uploadWorkOrderFile(file, (progress) => patch(key, { progress }))
        .then((stored) => {
          props.onAdd({ id: stored.id, name: stored.name ?? file.name, content_type: stored.content_type, size: stored.size });
          drop(key);
        })
        .catch((error: unknown) => patch(key, { error: errorMessage(error) }));
    });
  };

  return (
    <Stack gap="xs">
      {props.files.length === 0 && uploads.length === 0 ? (
        <Text fz="sm" c="dimmed">
          No files yet. Attach the vendor’s invoice (PDF) or photos of the work, up to 10 MB each.
        </Text>
      ) : null}
      {props.files.map((file) => (
        <AttachmentRow key={file.id} file={file} onRemove={() => props.onRemove(file.id)} />
      ))}
      {uploads.map((upload) => (
        <UploadLine key={upload.key} upload={upload} onDismiss={() => drop(upload.key)} />
      ))}
      {props.error ? (
        <Text fz="sm" c="red" role="alert">
          {props.error}
        </Text>
      ) : null}
      <FileButton onChange={choose} accept={DOCUMENT_TYPES.join(',')} multiple>
        {(buttonProps) => (
          <Button
            {...buttonProps}
            variant="default"
            leftSection={<IconPaperclip aria-hidden size={18} />}
            disabled={room <= 0}
            style={{ alignSelf: 'flex-start' }}
          >
            Attach invoice or photos
          </Button>
        )}
      </FileButton>
    </Stack>
  );
}

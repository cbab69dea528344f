import { ActionIcon, Button, FileButton, Group, Paper, Stack, Text } from '@mantine/core';
import { IconDownload, IconFileTypePdf, IconPaperclip, IconPhoto, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import type { WorkOrderAttachment } from '../../../core/contracts/fleet.ts';
import { errorMessage } from '../../lib/api-error.ts';
import { DOCUMENT_TYPES, documentFileProblem, downloadStoredFile, fileKind, fileSize } from '../../lib/stored-files.ts';
import { uploadWorkOrderFile } from './upload-work-order-file.ts';
import { UploadLine, type UploadLineState } from '../../ui/upload-line.tsx';

export const MAX_WORK_ORDER_FILES = 20;

type Upload = UploadLineState;

function AttachmentRow({ file, onRemove }: { file: WorkOrderAttachment; onRemove: () => void }) {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const name = file.name ?? `${fileKind(file.content_type)}`;
  const Icon = file.content_type === 'application/pdf' ? IconFileTypePdf : IconPhoto;
  return (
    <Paper withBorder radius="sm" p="xs">
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Icon size={24} aria-hidden stroke={1.5} style={{ flexShrink: 0 }} />
        <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
          <Text fz="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {name}
          </Text>
          <Text fz="xs" c="dimmed">
            {fileKind(file.content_type)}, {fileSize(file.size)}
          </Text>
          {failed ? (
            <Text fz="xs" c="red" role="alert">
              {failed}
            </Text>
          ) : null}
        </Stack>
        <ActionIcon
          variant="default"
          aria-label={`Download ${name}`}
          loading={busy}
          onClick={() => {
            setBusy(true);
            setFailed(null);
            downloadStoredFile(file.id, name)
              .catch((error: unknown) => setFailed(errorMessage(error)))
              .finally(() => setBusy(false));
          }}
        >
          <IconDownload size={16} aria-hidden />
        </ActionIcon>
        <ActionIcon variant="subtle" color="red" aria-label={`Remove ${name}`} onClick={onRemove}>
          <IconTrash size={16} aria-hidden />
        </ActionIcon>
      </Group>
    </Paper>
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

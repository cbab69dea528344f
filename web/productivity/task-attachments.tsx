import { ActionIcon, Button, FileButton, Stack, Text, Title } from '@mantine/core';
import { IconPaperclip, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import type { Task } from '../../core/contracts/productivity.ts';
import { errorMessage } from '../lib/api-error.ts';
import { useAgencyDates } from '../lib/agency-dates.tsx';
import { DOCUMENT_TYPES, documentFileProblem, fileKind, fileSize } from '../lib/stored-files.ts';
import { UploadLine, type UploadLineState } from '../ui/upload-line.tsx';
import { uploadTaskFile, useAddAttachment, useRemoveAttachment } from './task-drawer-calls.ts';
import { StoredFileRow } from '../ui/stored-file-row.tsx';

type Attachment = Task['attachments'][number];

function AttachmentRow({ task, file }: { task: Task; file: Attachment }) {
  const remove = useRemoveAttachment();
  const dates = useAgencyDates();
  const name = file.name ?? fileKind(file.content_type);
  return (
    <StoredFileRow
      component="li"
      fileId={file.file_id}
      name={file.name}
      contentType={file.content_type}
      details={`${fileKind(file.content_type)}, ${fileSize(file.size)} · ${file.added_by.name}, ${dates.dateTime(file.added_at)}`}
      actions={(report) =>
        task.access === 'member' ? (
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Remove ${name}`}
            loading={remove.isPending}
            onClick={() => remove.mutate({ taskId: task.id, fileId: file.file_id }, { onError: report })}
          >
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        ) : null
      }
    />
  );
}

/**
 * A task's files: each downloads with the reader's token; a member attaches photos or PDFs, each
 * uploading with its own progress bar as soon as it is chosen and put on the task when it is up, or
 * takes one off. A refused file says why beside its name.
 */
export function TaskAttachments({ task }: { task: Task }) {
  const add = useAddAttachment();
  const [uploads, setUploads] = useState<UploadLineState[]>([]);
  const patch = (key: string, values: Partial<UploadLineState>) =>
    setUploads((current) => current.map((upload) => (upload.key === key ? { ...upload, ...values } : upload)));
  const drop = (key: string) => setUploads((current) => current.filter((upload) => upload.key !== key));

  const choose = (files: File[]) => {
    for (const file of files) {
      const key = crypto.randomUUID();
      const problem = documentFileProblem(file);
      setUploads((current) => [...current, { key, name: file.name, progress: 0, error: problem }]);
      if (problem) continue;
      uploadTaskFile(file, (progress) => patch(key, { progress }))
        .then((stored) => add.mutateAsync({ taskId: task.id, fileId: stored.id }))
        .then(() => drop(key))
        .catch((error: unknown) => patch(key, { error: errorMessage(error) }));
    }
  };

  return (
    <Stack gap="xs">
      <Title order={3} fz="md">
        Files
      </Title>
      {task.attachments.length === 0 && uploads.length === 0 ? (
        <Text fz="sm" c="dimmed">
          No files yet.{task.access === 'member' ? ' Attach photos or PDFs, up to 10 MB each.' : ''}
        </Text>
      ) : null}
      {task.attachments.length > 0 ? (
        <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Files">
          {task.attachments.map((file) => (
            <AttachmentRow key={file.file_id} task={task} file={file} />
          ))}
        </Stack>
      ) : null}
      {uploads.map((upload) => (
        <UploadLine key={upload.key} upload={upload} onDismiss={() => drop(upload.key)} />
      ))}
      {task.access === 'member' ? (
        <FileButton onChange={choose} accept={DOCUMENT_TYPES.join(',')} multiple>
          {(buttonProps) => (
            <Button
              {...buttonProps}
              variant="default"
              leftSection={<IconPaperclip aria-hidden size={18} />}
              style={{ alignSelf: 'flex-start' }}
            >
              Attach files
            </Button>
          )}
        </FileButton>
      ) : null}
    </Stack>
  );
}

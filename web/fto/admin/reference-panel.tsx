import { Button, Card, FileInput, Group, Progress, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconFileUpload, IconArchive } from '@tabler/icons-react';
import { useState } from 'react';
import * as z from 'zod/mini';
import { AddReferenceInput, type ReferenceDocument } from '../../../core/contracts/fto.ts';
import { UPLOAD_MAX_BYTES } from '../../../core/contracts/storage.ts';
import { IdempotencyKeys } from '../../lib/api.ts';
import { errorMessage } from '../../lib/api-error.ts';
import { applyServerErrors } from '../../lib/form-errors.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { EmptyState, ErrorState, FormErrorAlert, LoadingState } from '../../ui/states.tsx';
import { uploadReferenceFile, useAddReference, useProgramReference, useRetireReference } from '../fto-calls.ts';
import { ReferenceTable } from '../reference-screen.tsx';

const REFERENCE_TYPES = ['application/pdf', 'image/png', 'image/jpeg', 'image/webp'] as const;

/** What is wrong with a chosen file before it is sent, or null when it may be uploaded. */
function referenceFileProblem(file: File | null): string | null {
  if (!file) return 'Choose the file';
  if (!(REFERENCE_TYPES as readonly string[]).includes(file.type)) return 'Choose a PDF or a PNG, JPEG or WebP image';
  if (file.size === 0) return 'The file is empty';
  if (file.size > UPLOAD_MAX_BYTES) return 'The file must be 10 MB or smaller';
  return null;
}

/** The first message of a contract field's refusal of `value`, or null. */
function problemOf(schema: z.core.$ZodType, value: unknown): string | null {
  const parsed = z.safeParse(schema, value);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
}

type AddValues = { title: string; description: string; file: File | null };

/**
 * The form that adds a document: the file goes to storage/v1 first (with its progress), then the
 * program points at it. A file already uploaded is not sent again when only the add is retried.
 */
function AddReferenceForm({ programId }: { programId: string }) {
  const add = useAddReference();
  const form = useForm<AddValues>({
    mode: 'controlled',
    initialValues: { title: '', description: '', file: null },
    validate: {
      title: (value) => problemOf(AddReferenceInput.shape.title, value),
      description: (value) => problemOf(AddReferenceInput.shape.description, value),
      file: referenceFileProblem,
    },
  });
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [uploaded, setUploaded] = useState<{ file: File; id: string } | null>(null);
  const [keys] = useState(() => new IdempotencyKeys());
  const busy = progress !== null || add.isPending;

  const submit = async (values: AddValues) => {
    setError(null);
    const file = values.file!;
    let fileId = uploaded?.file === file ? uploaded.id : null;
    if (!fileId) {
      setProgress(0);
      try {
        fileId = (await uploadReferenceFile(file, setProgress)).id;
        setUploaded({ file, id: fileId });
      } catch (failure) {
        setError(applyServerErrors(form, failure));
        return;
      } finally {
        setProgress(null);
      }
    }
    const input = { file_id: fileId, title: values.title.trim(), description: values.description.trim() };
    try {
      const added = await add.mutateAsync({ programId, input, key: keys.keyFor({ programId, input }) });
      keys.reset();
      setUploaded(null);
      form.reset();
      notifications.show({ color: 'green', title: 'Document added', message: `${added.title} is listed in every binder of this program.` });
    } catch (failure) {
      // The server names the upload `file_id`; here it is the file picker.
      const placing = {
        getValues: () => ({ ...form.getValues(), file_id: null }),
        setFieldError: (path: string, message: string) => form.setFieldError(path === 'file_id' ? 'file' : path, message),
      };
      setError(applyServerErrors(placing, failure));
    }
  };

  return (
    <form onSubmit={form.onSubmit((values) => void submit(values))} noValidate aria-labelledby="add-reference-heading">
      <Stack gap="sm">
        <Title order={3} fz="md" id="add-reference-heading">
          Add a document
        </Title>
        <TextInput label="Title" required maw={520} {...form.getInputProps('title')} />
        <Textarea
          label="Description"
          description="What it is for, or which parts to read"
          autosize
          minRows={2}
          maw={520}
          {...form.getInputProps('description')}
        />
        <FileInput
          label="File"
          description="A PDF or an image (PNG, JPEG or WebP), 10 MB at most"
          placeholder="Choose a file"
          accept={REFERENCE_TYPES.join(',')}
          leftSection={<IconFileUpload aria-hidden size={18} />}
          clearable
          required
          maw={520}
          disabled={busy}
          {...form.getInputProps('file')}
        />
        {progress !== null ? (
          <Stack gap={2} maw={520}>
            <Progress value={progress} size="lg" aria-label="Uploading the document" />
            <Text fz="xs" c="dimmed" role="status">
              Uploading… {progress}%
            </Text>
          </Stack>
        ) : null}
        <FormErrorAlert message={error} />
        <Group>
          <Button type="submit" loading={busy}>
            Add document
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The coordinator's reference material of a program, on its set-up page: listed, retired (after a confirmation) and added. */
export function ReferencePanel({ programId }: { programId: string }) {
  const documents = useProgramReference(programId);
  const retire = useRetireReference();
  const [retiring, setRetiring] = useState<ReferenceDocument | null>(null);
  const [retireError, setRetireError] = useState<string | null>(null);

  const close = () => {
    setRetiring(null);
    setRetireError(null);
  };
  const confirmRetire = async () => {
    if (!retiring) return;
    setRetireError(null);
    try {
      await retire.mutateAsync(retiring.id);
      notifications.show({ color: 'green', title: 'Document retired', message: `${retiring.title} is no longer listed in the binders.` });
      close();
    } catch (failure) {
      setRetireError(errorMessage(failure));
    }
  };

  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="reference-heading">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} fz="lg" id="reference-heading">
            Reference material
          </Title>
          <Text fz="sm">
            Manuals, maps and code books. Every binder on this program lists them under Reference; a retired document is no longer listed.
          </Text>
        </Stack>
        {documents.isPending ? (
          <LoadingState label="Loading the reference material…" />
        ) : documents.isError ? (
          <ErrorState message={errorMessage(documents.error)} onRetry={() => void documents.refetch()} />
        ) : documents.data.length === 0 ? (
          <EmptyState title="No reference material for this program yet" />
        ) : (
          <ReferenceTable
            documents={documents.data}
            actions={(document) => (
              <Button
                variant="subtle"
                color="red"
                size="xs"
                leftSection={<IconArchive aria-hidden size={16} />}
                onClick={() => setRetiring(document)}
                aria-label={`Retire ${document.title}`}
              >
                Retire
              </Button>
            )}
          />
        )}
        <AddReferenceForm programId={programId} />
      </Stack>
      <ConfirmDialog
        opened={retiring !== null}
        title="Retire this document?"
        confirmLabel="Retire"
        color="red"
        busy={retire.isPending}
        error={retireError}
        onConfirm={() => void confirmRetire()}
        onClose={close}
      >
        {retiring ? `${retiring.title} will no longer be listed in the binders of this program. The audit log keeps a record of it.` : ''}
      </ConfirmDialog>
    </Card>
  );
}

import { Box, Button, FileButton, Group, Image, Loader, Modal, Paper, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconCloudOff, IconDownload, IconFileTypePdf, IconPaperclip, IconTrash } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import type { ReportAttachment } from '../../core/contracts/reports.ts';
import { errorMessage } from '../lib/api-error.ts';
import { useOnline } from '../lib/online.ts';
import { isKeptPhotoId } from '../lib/outbox/kept-photo-rules.ts';
import { KEPT_PHOTO_NOTE, KeptPhotoThumbnail } from '../lib/outbox/kept-photo-thumbnail.tsx';
import { forgetKeptPhotos, uploadKeptPhoto, useKeptPhotoUrl } from '../lib/outbox/kept-photos.ts';
import { useAuthState } from '../lib/session/session.ts';
import {
  DOCUMENT_TYPES,
  documentFileProblem,
  downloadStoredFile,
  fileExtension,
  fileKind,
  fileSize,
  useStoredPhotoUrl,
} from '../lib/stored-files.ts';
import { StoredPhoto } from '../ui/stored-photo.tsx';
import { useReportAttachments, uploadAttachment } from './reports-calls.ts';
import { UploadLine, type UploadLineState } from '../ui/upload-line.tsx';

/**
 * A report's attachments: photos and PDFs its author uploads through storage/v1 (purpose `reports`).
 * In the form each file uploads with a progress bar of its own and can be removed before the report
 * goes; a file refused (too big, not a photo or a PDF, or by the server) says why beside its name.
 * Without a connection a file is kept on the device (the fleet photos' mechanism, web/lib/outbox) and
 * uploaded when the connection is back. The view shows photos as thumbnails that open larger and PDFs
 * as downloads, both read with the user's token; the print view lists them.
 */

export const MAX_ATTACHMENTS = 20;

/** What is known of an attachment to show it: its type and size (from the server, or from the upload that made it). */
export type AttachmentFacts = Pick<ReportAttachment, 'content_type' | 'size'> & { name?: string | null };

/** Its name on the officer's device (`IMG_2231.jpg`), else "Photo 2" or "PDF 3" by its place among the report's attachments. */
export function attachmentName(index: number, facts: AttachmentFacts | undefined): string {
  if (facts?.name) return facts.name;
  const noun = !facts ? 'Attachment' : facts.content_type === 'application/pdf' ? 'PDF' : 'Photo';
  return `${noun} ${index + 1}`;
}

function PdfTile({ name, detail, onDownload }: { name: string; detail: string; onDownload?: () => Promise<void> }) {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  return (
    <Stack gap={4} align="flex-start" w={140} maw="100%">
      <Group gap={6} wrap="nowrap">
        <IconFileTypePdf size={28} aria-hidden stroke={1.5} />
        <div>
          <Text fz="sm" fw={600}>
            {name}
          </Text>
          <Text fz="xs" c="dimmed">
            {detail}
          </Text>
        </div>
      </Group>
      {onDownload ? (
        <Button
          variant="default"
          size="compact-sm"
          leftSection={<IconDownload size={14} aria-hidden />}
          loading={busy}
          aria-label={`Download ${name}`}
          onClick={() => {
            setBusy(true);
            setFailed(null);
            onDownload()
              .catch((error: unknown) => setFailed(errorMessage(error)))
              .finally(() => setBusy(false));
          }}
        >
          Download
        </Button>
      ) : null}
      {failed ? (
        <Text fz="xs" c="red" role="alert">
          {failed}
        </Text>
      ) : null}
    </Stack>
  );
}

/** A photo shown larger, in a dialog, from the stored file. */
function PhotoDialog({ id, name, onClose }: { id: string; name: string; onClose: () => void }) {
  const photo = useStoredPhotoUrl(id);
  return (
    <Modal opened onClose={onClose} title={name} size="xl" centered>
      {photo.failed ? (
        <Text c="dimmed">This photo could not be loaded.</Text>
      ) : photo.url ? (
        <Image src={photo.url} alt={name} fit="contain" mah="75vh" radius="sm" />
      ) : (
        <Group justify="center" py="xl">
          <Loader size="sm" aria-label="Loading the photo" />
        </Group>
      )}
    </Modal>
  );
}

function KeptTile({ id, name }: { id: string; name: string }) {
  const kept = useKeptPhotoUrl(id);
  if (kept.type === 'application/pdf') return <PdfTile name={name} detail="PDF kept on this device" />;
  return <KeptPhotoThumbnail id={id} alt={`${name}, kept on this device`} />;
}

/**
 * One attachment: a photo's thumbnail (opening it larger when `open`), a PDF's name, size and download,
 * or a file kept on the device. `facts`: undefined while the list loads; null when the server did not
 * describe it (a report not on the server yet), which still downloads.
 */
export function AttachmentTile(props: {
  id: string;
  index: number;
  facts: AttachmentFacts | undefined | null;
  downloadName: string;
  open?: boolean;
}) {
  const [opened, setOpened] = useState(false);
  const name = attachmentName(props.index, props.facts ?? undefined);
  if (isKeptPhotoId(props.id)) return <KeptTile id={props.id} name={name} />;
  if (props.facts === undefined)
    return (
      <Box w={96} h={96} style={{ display: 'grid', placeItems: 'center' }}>
        <Loader size="xs" aria-label={`Loading ${name}`} />
      </Box>
    );
  if (props.facts === null)
    return <PdfTile name={name} detail="A stored file" onDownload={() => downloadStoredFile(props.id, props.downloadName)} />;
  const downloadName = props.facts.name ?? `${props.downloadName}.${fileExtension(props.facts.content_type)}`;
  const detail = `${fileKind(props.facts.content_type)}, ${fileSize(props.facts.size)}`;
  if (props.facts.content_type === 'application/pdf')
    return <PdfTile name={name} detail={detail} onDownload={() => downloadStoredFile(props.id, downloadName)} />;
  const thumbnail = <StoredPhoto id={props.id} alt={`${name} (${detail})`} />;
  return (
    <Stack gap={2} w={120} maw="100%">
      {props.open ? (
        <UnstyledButton
          onClick={() => setOpened(true)}
          aria-label={`Open ${name} larger`}
          style={{ borderRadius: 4, alignSelf: 'flex-start' }}
        >
          {thumbnail}
        </UnstyledButton>
      ) : (
        thumbnail
      )}
      <Text fz="sm" fw={600}>
        {name}
      </Text>
      <Text fz="xs" c="dimmed">
        {detail}
      </Text>
      {opened ? <PhotoDialog id={props.id} name={name} onClose={() => setOpened(false)} /> : null}
    </Stack>
  );
}

/** What the report's view shows of its attachments: thumbnails and downloads; nothing when it has none. */
export function ReportAttachmentsView({ reportId, ids, caseNumber }: { reportId: string; ids: string[]; caseNumber: string }) {
  const files = useReportAttachments(reportId, ids.length > 0);
  if (ids.length === 0)
    return (
      <Text fz="sm" c="dimmed">
        No files attached.
      </Text>
    );
  if (files.isError)
    return (
      <Group gap="sm">
        <Text fz="sm" c="red" role="alert">
          The attachments could not be loaded: {errorMessage(files.error)}
        </Text>
        <Button size="compact-sm" variant="default" onClick={() => void files.refetch()}>
          Try again
        </Button>
      </Group>
    );
  const facts = new Map((files.data ?? []).map((file) => [file.id, file]));
  return (
    <Group gap="md" align="flex-start">
      {ids.map((id, index) => (
        <AttachmentTile
          key={id}
          id={id}
          index={index}
          facts={facts.get(id) ?? (files.isPending ? undefined : null)}
          downloadName={`${caseNumber}-attachment-${index + 1}`}
          open
        />
      ))}
    </Group>
  );
}

/** The print view's list of attachments: what each is and when it was uploaded (a court file lists its exhibits). */
export function ReportAttachmentsList({
  reportId,
  ids,
  formatDate,
}: {
  reportId: string;
  ids: string[];
  formatDate: (iso: string) => string;
}) {
  const files = useReportAttachments(reportId, ids.length > 0);
  if (ids.length === 0) return null;
  if (files.isPending) return <Text fz="sm">Loading the attachments…</Text>;
  if (files.isError) return <Text fz="sm">The attachments could not be listed: {errorMessage(files.error)}</Text>;
  const facts = new Map(files.data.map((file) => [file.id, file]));
  return (
    <Box component="ol" m={0} pl="lg">
      {ids.map((id, index) => {
        const file = facts.get(id);
        return (
          <Text component="li" fz="sm" key={id}>
            {attachmentName(index, file)}
            {file ? ` — ${fileKind(file.content_type)}, ${fileSize(file.size)}, uploaded ${formatDate(file.uploaded_at)}` : ''}
          </Text>
        );
      })}
    </Box>
  );
}

type Upload = UploadLineState;

/**
 * The form's attachments: the files attached (each removable until the report goes), one progress bar
 * per file being uploaded, and each refused file with the reason. `onDevice`: the report waits in the
 * outbox, which uploads files kept on the device when it sends it; otherwise the form uploads them
 * itself once the connection is back.
 */
export function AttachmentsField(props: {
  reportId: string;
  caseNumber: string;
  ids: string[];
  onChange: (ids: string[]) => void;
  onDevice: boolean;
  error?: string | null | undefined;
}) {
  const online = useOnline();
  const { session } = useAuthState();
  const userId = session?.user.id ?? null;
  const describing = !props.onDevice && props.ids.some((id) => !isKeptPhotoId(id));
  const serverFiles = useReportAttachments(props.reportId, describing);
  const [uploaded, setUploaded] = useState<Record<string, AttachmentFacts>>({});
  const [uploads, setUploads] = useState<Upload[]>([]);
  // The ids as they are now, for uploads that finish after the form changed (two at once, a removal
  // meanwhile): the latest change is kept here at once, before the form renders it.
  const onChange = useRef(props.onChange);
  const idsNow = useRef(props.ids);
  useEffect(() => {
    onChange.current = props.onChange;
  });
  useEffect(() => {
    idsNow.current = props.ids;
  }, [props.ids]);
  const change = (update: (ids: string[]) => string[]) => {
    idsNow.current = update(idsNow.current);
    onChange.current(idsNow.current);
  };
  const patch = (key: string, values: Partial<Upload>) =>
    setUploads((current) => current.map((upload) => (upload.key === key ? { ...upload, ...values } : upload)));
  const drop = (key: string) => setUploads((current) => current.filter((upload) => upload.key !== key));

  // A report not numbered yet (waiting in the outbox) names its downloads plainly.
  const fileBase = /^[\w-]+$/.test(props.caseNumber) ? props.caseNumber : 'report';
  const busy = uploads.filter((upload) => !upload.error).length;
  const room = MAX_ATTACHMENTS - props.ids.length - busy;

  const choose = (files: File[]) => {
    files.forEach((file, index) => {
      const key = crypto.randomUUID();
      const problem = index >= room ? `At most ${MAX_ATTACHMENTS} files can be attached to a report` : documentFileProblem(file);
      setUploads((current) => [...current, { key, name: file.name, progress: 0, error: problem }]);
      if (problem) return;
      uploadAttachment(file, (progress) => patch(key, { progress }))
        .then((stored) => {
          setUploaded((current) => ({ ...current, [stored.id]: { content_type: file.type, size: file.size, name: file.name } }));
          change((ids) => [...ids, stored.id]);
          drop(key);
        })
        .catch((error: unknown) => patch(key, { error: errorMessage(error) }));
    });
  };

  // Files kept on the device while the connection was gone: uploaded by the form once it is back, their
  // stored ids put in their place (the draft then saves them). A report still in the outbox leaves them to it.
  const keptIds = props.ids.filter(isKeptPhotoId);
  const keptKey = keptIds.join(',');
  const started = useRef(new Set<string>());
  useEffect(() => {
    if (props.onDevice || !online || !userId) return;
    for (const keptId of keptKey ? keptKey.split(',') : []) {
      if (started.current.has(keptId)) continue;
      started.current.add(keptId);
      const key = crypto.randomUUID();
      setUploads((current) => [...current, { key, name: 'A file kept on this device', progress: 0, error: null }]);
      uploadKeptPhoto(keptId, { userId, onProgress: (progress) => patch(key, { progress }) })
        .then((storedId) => {
          change((ids) => ids.map((id) => (id === keptId ? storedId : id)));
          drop(key);
          void forgetKeptPhotos([keptId]).catch(() => undefined);
        })
        .catch((error: unknown) => {
          started.current.delete(keptId);
          patch(key, { error: errorMessage(error) });
        });
    }
    // `change` reads the latest ids and onChange through refs.
  }, [keptKey, online, props.onDevice, userId]);

  const facts = new Map<string, AttachmentFacts>([
    ...(serverFiles.data ?? []).map((file) => [file.id, file] as const),
    ...Object.entries(uploaded),
  ]);
  const remove = (id: string) => {
    change((ids) => ids.filter((other) => other !== id));
    if (isKeptPhotoId(id)) void forgetKeptPhotos([id]).catch(() => undefined);
  };

  return (
    <Stack gap="sm">
      {!online ? (
        <Group gap={6} wrap="nowrap" role="status">
          <IconCloudOff aria-hidden size={16} style={{ flexShrink: 0 }} />
          <Text fz="sm" c="dimmed">
            No connection: files you attach now are kept on this device and uploaded when you are back online.
          </Text>
        </Group>
      ) : null}
      {props.ids.length === 0 && uploads.length === 0 ? (
        <Text fz="sm" c="dimmed">
          No files attached. Attach photos (PNG, JPEG or WebP) or PDFs of up to 10 MB each.
        </Text>
      ) : null}
      {props.ids.length > 0 ? (
        <SimpleGrid cols={{ base: 2, xs: 3, sm: 4 }} spacing="sm">
          {props.ids.map((id, index) => {
            const name = attachmentName(index, facts.get(id));
            return (
              <Paper key={id} withBorder radius="sm" p="xs">
                <Stack gap={6} align="flex-start">
                  <AttachmentTile
                    id={id}
                    index={index}
                    facts={facts.get(id) ?? (describing && serverFiles.isPending ? undefined : null)}
                    downloadName={`${fileBase}-attachment-${index + 1}`}
                  />
                  <Button
                    variant="subtle"
                    color="red"
                    size="compact-sm"
                    leftSection={<IconTrash aria-hidden size={14} />}
                    aria-label={`Remove ${name}`}
                    onClick={() => remove(id)}
                  >
                    Remove
                  </Button>
                </Stack>
              </Paper>
            );
          })}
        </SimpleGrid>
      ) : null}
      {keptIds.length > 0 ? (
        <Group gap={4} wrap="nowrap" role="status">
          <IconCloudOff aria-hidden size={16} style={{ flexShrink: 0 }} />
          <Text fz="sm" c="dimmed">
            {KEPT_PHOTO_NOTE}
          </Text>
        </Group>
      ) : null}
      {uploads.map((upload) => (
        <UploadLine key={upload.key} upload={upload} onDismiss={() => drop(upload.key)} />
      ))}
      {props.error ? (
        <Text fz="sm" c="red" role="alert" data-path="attachment_ids">
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
            {room <= 0 ? `${MAX_ATTACHMENTS} files attached (the most a report takes)` : 'Attach photos or PDFs'}
          </Button>
        )}
      </FileButton>
    </Stack>
  );
}

import { ActionIcon, Group, Paper, Stack, Text } from '@mantine/core';
import { IconDownload, IconFileTypePdf, IconPhoto } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { errorMessage } from '../lib/api-error.ts';
import { downloadStoredFile, fileKind } from '../lib/stored-files.ts';

/**
 * One stored file in a record's list of files (a task's, a work order's): its kind, its name and what
 * the record says about it, a download with the reader's token, and the record's own actions (remove).
 * What went wrong with the file (a download, a removal) shows under its name until the next try.
 */
export function StoredFileRow(props: {
  fileId: string;
  /** The name it was uploaded with; files without one are named by their kind. */
  name: string | null;
  contentType: string;
  /** The line under the name: kind and size, who added it and when. */
  details: string;
  /** Rendered list item (`li`) or a plain box. */
  component?: 'li' | 'div';
  /** The record's actions; `report` shows a failure under the file's name. */
  actions?: (report: (error: unknown) => void) => ReactNode;
}) {
  const [downloading, setDownloading] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const name = props.name ?? fileKind(props.contentType);
  const Icon = props.contentType === 'application/pdf' ? IconFileTypePdf : IconPhoto;
  const report = (error: unknown) => setFailed(errorMessage(error));
  return (
    <Paper component={props.component ?? 'div'} withBorder radius="sm" p="xs">
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Icon size={24} aria-hidden stroke={1.5} style={{ flexShrink: 0 }} />
        <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
          <Text fz="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {name}
          </Text>
          <Text fz="xs" c="dimmed">
            {props.details}
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
          loading={downloading}
          onClick={() => {
            setDownloading(true);
            setFailed(null);
            downloadStoredFile(props.fileId, name)
              .catch(report)
              .finally(() => setDownloading(false));
          }}
        >
          <IconDownload size={16} aria-hidden />
        </ActionIcon>
        {props.actions?.((error) => report(error))}
      </Group>
    </Paper>
  );
}

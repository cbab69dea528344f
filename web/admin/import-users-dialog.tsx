import { Alert, Button, Code, FileInput, Group, List, Modal, Stack, Table, Text } from '@mantine/core';
import { IconFileTypeCsv } from '@tabler/icons-react';
import { useState } from 'react';
import type { ImportUsersResult } from '../../core/contracts/admin.ts';
import { errorMessage } from '../lib/api-error.ts';
import { FormErrorAlert } from '../ui/states.tsx';
import { previewImport, type ImportPreview } from './import-csv.ts';
import { useImportUsers } from './import-users.ts';
import { TableScroll } from '../ui/table-scroll.tsx';

const MAX_BYTES = 2_000_000;

/**
 * Invite many people from a CSV file. The server invites every row or none: when any row is wrong it
 * answers with a report of each bad row, shown here as a table, and nothing is imported.
 */
export function ImportUsersDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const importUsers = useImportUsers();
  const [file, setFile] = useState<File | null>(null);
  const [csv, setCsv] = useState<string | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [result, setResult] = useState<ImportUsersResult | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  const reset = () => {
    setFile(null);
    setCsv(null);
    setPreview(null);
    setFileError(null);
    setResult(null);
    setFormError(null);
  };
  const close = () => {
    reset();
    onClose();
  };

  const choose = async (chosen: File | null) => {
    reset();
    setFile(chosen);
    if (!chosen) return;
    if (chosen.size > MAX_BYTES) {
      setFileError('The file is too large (2 MB at most)');
      return;
    }
    const text = await chosen.text();
    const found = previewImport(text);
    setCsv(text);
    setPreview(found);
    if (found.rowCount === 0) setFileError('The file has a header but no people');
    else if (found.missing.length > 0)
      setFileError(
        `The first line must name the columns; ${found.missing.join(' and ')} ${found.missing.length === 1 ? 'is' : 'are'} missing`,
      );
  };

  const submit = async () => {
    if (!csv) return;
    setFormError(null);
    try {
      setResult(await importUsers.mutateAsync(csv));
    } catch (error) {
      setFormError(errorMessage(error));
    }
  };

  return (
    <Modal closeButtonProps={{ 'aria-label': 'Close' }} opened={opened} onClose={close} title="Import people from a CSV file" size="xl">
      <Stack gap="md">
        <Stack gap={6}>
          <Text fz="sm">
            The first line names the columns: <Code>email,name</Code> and, if you like, <Code>account_type</Code>, <Code>roles</Code>,{' '}
            <Code>badge_number</Code>, <Code>rank</Code>, <Code>phone</Code>. Each further line is one person, who gets an invitation by
            e-mail.
          </Text>
          <List fz="sm" spacing={2}>
            <List.Item>
              <Code>account_type</Code> is <Code>limited</Code> (the default) or <Code>full</Code>.
            </List.Item>
            <List.Item>
              <Code>roles</Code> are role names separated by <Code>;</Code>, for example <Code>Officer;Field Training Officer</Code>.
            </List.Item>
            <List.Item>Everyone is invited or, if any line is wrong, nobody: fix the lines listed and import the file again.</List.Item>
          </List>
        </Stack>
        <FileInput
          label="CSV file"
          description="A .csv file of 2 MB at most."
          accept=".csv,text/csv"
          value={file}
          onChange={(chosen) => void choose(chosen)}
          leftSection={<IconFileTypeCsv aria-hidden size={18} />}
          error={fileError}
          clearable
        />
        {preview && !fileError && !result ? (
          <Text fz="sm" role="status">
            {preview.rowCount} {preview.rowCount === 1 ? 'person' : 'people'} to invite, with the columns {preview.columns.join(', ')}.
            {preview.unknown.length > 0 ? ` Unknown columns (${preview.unknown.join(', ')}) will be reported by the import.` : ''}
          </Text>
        ) : null}
        <FormErrorAlert message={formError} />
        {result && result.errors.length === 0 ? (
          <Alert color="green" variant="light" title="Imported" role="status">
            {result.created} {result.created === 1 ? 'person was' : 'people were'} invited.
          </Alert>
        ) : null}
        {result && result.errors.length > 0 ? (
          <Stack gap="xs">
            <Alert color="red" variant="light" title="Nothing was imported" role="alert">
              {result.errors.length} {result.errors.length === 1 ? 'problem was' : 'problems were'} found. Fix{' '}
              {result.errors.length === 1 ? 'it' : 'them'} in the file and import it again.
            </Alert>
            <TableScroll minWidth={420} mah={320}>
              <Table striped fz="sm" aria-label="Problems found in the file">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Line</Table.Th>
                    <Table.Th scope="col">Column</Table.Th>
                    <Table.Th scope="col">Problem</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {result.errors.map((problem, index) => (
                    <Table.Tr key={`${problem.row}-${problem.field ?? ''}-${index}`}>
                      <Table.Td>{problem.row}</Table.Td>
                      <Table.Td>{problem.field ?? ''}</Table.Td>
                      <Table.Td>{problem.message}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </TableScroll>
          </Stack>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close}>
            {result && result.errors.length === 0 ? 'Close' : 'Cancel'}
          </Button>
          {result && result.errors.length === 0 ? null : (
            <Button onClick={() => void submit()} loading={importUsers.isPending} disabled={!csv || Boolean(fileError)}>
              Import {preview && !fileError ? `${preview.rowCount} ${preview.rowCount === 1 ? 'person' : 'people'}` : ''}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}

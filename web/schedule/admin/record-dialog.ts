import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { errorMessage, isApiError } from '../../lib/api-error.ts';
import { IdempotencyKeys, isStaleVersion } from '../../lib/api.ts';

/**
 * What a set-up dialog (a shift type, a schedule, a time-off type) does on submit: show every field's
 * problem at once, or send the record with its idempotency key and version, say it is saved and close;
 * then the server's field errors beside their fields, a stale version as such, anything else above.
 */
export function useRecordDialog<TRecord extends { id: string; version: number }, TBody>(
  record: TRecord | 'new',
  save: (request: { id: string | null; input: TBody; version: number; key: string }) => Promise<unknown>,
  onClose: () => void,
) {
  const [keys] = useState(() => new IdempotencyKeys());
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [stale, setStale] = useState(false);

  const submit = async (problems: Record<string, string>, body: () => TBody, savedName: (body: TBody) => string) => {
    setFormError(null);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    try {
      const input = body();
      await save({
        id: record === 'new' ? null : record.id,
        input,
        version: record === 'new' ? 0 : record.version,
        key: keys.keyFor(input),
      });
      notifications.show({ color: 'green', title: 'Saved', message: `${savedName(input)} is saved.` });
      onClose();
    } catch (error) {
      if (isStaleVersion(error)) setStale(true);
      else if (isApiError(error) && Object.keys(error.fields).length > 0) setErrors(error.fields);
      else setFormError(errorMessage(error));
    }
  };
  return { errors, formError, stale, submit };
}

import { useState } from 'react';
import { UpdateSpaceInput, type Space } from '../../core/contracts/productivity.ts';
import { isStaleVersion } from '../lib/api.ts';
import { schemaProblems } from '../lib/form-errors.ts';
import { StaleVersionAlert } from '../ui/stale-version-alert.tsx';
import { useUpdateSpace } from './people-calls.ts';
import { refusalOf } from './productivity-ui.tsx';

/** How each tab of a space's settings saves its part of the space (space-settings.tsx). */

/**
 * What every tab needs: the space as last read, the version its saves go at, what to do after one, and
 * whom to tell that the tab holds changes not saved yet (or no longer does), so closing asks first.
 */
export type TabProps = {
  space: Space;
  version: number;
  onSaved: (space: Space) => void;
  onReload: () => void;
  reloading: boolean;
  onUnsaved: (unsaved: boolean) => void;
};

/**
 * A tab's save of part of the space at the drawer's version: the form's problems by field (the
 * contract's check first, then the server's), a message for the form, and whether it went stale.
 */
export function useSpaceSave(props: TabProps) {
  const update = useUpdateSpace();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [stale, setStale] = useState(false);
  const [saved, setSaved] = useState(false);
  const save = (body: UpdateSpaceInput, after: (space: Space) => void) => {
    const problems = schemaProblems(UpdateSpaceInput, body);
    setErrors(problems);
    setFormError(null);
    setSaved(false);
    if (Object.keys(problems).length > 0) return;
    update.mutate(
      { id: props.space.id, body, version: props.version },
      {
        onSuccess: (space) => {
          setStale(false);
          setSaved(true);
          props.onUnsaved(false);
          props.onSaved(space);
          after(space);
        },
        onError: (error) => {
          if (isStaleVersion(error)) return setStale(true);
          const refusal = refusalOf(error);
          setErrors(refusal.fields);
          setFormError(refusal.message);
        },
      },
    );
  };
  return {
    save,
    saving: update.isPending,
    saved,
    errors,
    formError,
    /** Something was changed: "Saved" goes away, and the tab holds a change not saved yet. */
    touched: () => {
      setSaved(false);
      props.onUnsaved(true);
    },
    staleAlert: stale ? <StaleVersionAlert what="space" onReload={props.onReload} reloading={props.reloading} /> : null,
  };
}

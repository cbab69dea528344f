import { Button, Drawer, getDefaultZIndex, Group, List, Stack, Tabs, Text, Textarea, TextInput } from '@mantine/core';
import { useBlocker, useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import type { Space } from '../../core/contracts/productivity.ts';
import { isStaleVersion } from '../lib/api.ts';
import { errorMessage } from '../lib/api-error.ts';
import { PersonPicker } from '../lib/person-picker.tsx';
import { ConfirmDialog } from '../ui/confirm-dialog.tsx';
import { StaleVersionAlert } from '../ui/stale-version-alert.tsx';
import { ErrorState, FormErrorAlert, LoadingState } from '../ui/states.tsx';
import { productivityPeople, useSetMembers } from './people-calls.ts';
import { useSpace } from './productivity-calls.ts';
import { SETTINGS_TABS, spaceSettingsSearch, type SettingsTab } from './productivity-search.ts';
import { PlainForm, refusalOf, SaveButton } from './productivity-ui.tsx';
import { FieldsTab } from './space-settings-fields.tsx';
import { useSpaceSave, type TabProps } from './space-settings-save.tsx';
import { WorkflowTab } from './space-settings-workflow.tsx';

/**
 * A space's settings, in a drawer over its screen (/productivity/space/{space}?settings=workflow): its
 * name and description, its status workflow, its custom fields and its members. Whoever sees the space
 * (its members, administrators) may change them. Each part is saved on its own at the version of the
 * space the drawer last saw, so a change someone else made meanwhile is never overwritten: the save
 * says so and keeps what was typed.
 */

const TAB_LABELS: Record<SettingsTab, string> = { general: 'Name', workflow: 'Workflow', fields: 'Custom fields', members: 'Members' };

/** The open tab from the URL, and a way to open another one or close the drawer (null). */
export function useSettingsTab(spaceId: string): [SettingsTab | null, (tab: SettingsTab | null) => void] {
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const navigate = useNavigate();
  const { settings } = spaceSettingsSearch.parse(search);
  const open = (tab: SettingsTab | null) =>
    void navigate({
      to: '/productivity/space/$space',
      params: { space: spaceId },
      search: tab ? { settings: tab } : {},
      replace: tab !== null && settings !== null,
    });
  return [settings, open];
}

/** The tabs holding changes not saved yet, and a way to mark one. */
type Unsaved = { tabs: ReadonlySet<SettingsTab>; mark: (tab: SettingsTab, unsaved: boolean) => void };

/** What would be lost, named by tab: "Name and Workflow". */
const tabNames = (tabs: Iterable<SettingsTab>) => {
  const names = SETTINGS_TABS.filter((tab) => [...tabs].includes(tab)).map((tab) => TAB_LABELS[tab]);
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : (names[0] ?? '');
};

export function SpaceSettingsDrawer({ spaceId }: { spaceId: string }) {
  const [tab, setTab] = useSettingsTab(spaceId);
  // Each tab keeps what was typed while another is open (the panels stay mounted); closing the drawer,
  // or loading the current version over another tab's changes, asks before dropping them.
  const [unsavedTabs, setUnsavedTabs] = useState<ReadonlySet<SettingsTab>>(new Set());
  const [asking, setAsking] = useState<{ tabs: SettingsTab[]; confirmLabel: string; go: () => void } | null>(null);
  // Closed some other way (the browser's back button): nothing of it is left to ask about.
  if (tab === null && unsavedTabs.size > 0) setUnsavedTabs(new Set());
  const unsaved: Unsaved = {
    tabs: unsavedTabs,
    mark: (which, yes) =>
      setUnsavedTabs((current) => {
        if (current.has(which) === yes) return current;
        const next = new Set(current);
        if (yes) next.add(which);
        else next.delete(which);
        return next;
      }),
  };
  // Leaving with changes not saved (the browser's back button, a link elsewhere, closing the tab) asks
  // first too. Moving between the tabs does not leave; nor does closing after the drawer has asked.
  const leaving = useRef(false);
  const unsavedNow = useRef(unsavedTabs);
  useEffect(() => {
    unsavedNow.current = unsavedTabs;
    if (tab === null) leaving.current = false;
  }, [unsavedTabs, tab]);
  const blocker = useBlocker({
    shouldBlockFn: ({ current, next }) =>
      !leaving.current &&
      unsavedNow.current.size > 0 &&
      !(next.pathname === current.pathname && spaceSettingsSearch.parse(next.search as Record<string, unknown>).settings !== null),
    enableBeforeUnload: () => unsavedNow.current.size > 0,
    withResolver: true,
  });
  const close = () => {
    leaving.current = true;
    setUnsavedTabs(new Set());
    setTab(null);
  };
  /** Runs `go` at once, or after the person agrees to drop the changes of `tabs`. */
  const discarding = (tabs: SettingsTab[], confirmLabel: string, go: () => void) =>
    tabs.length === 0 ? go() : setAsking({ tabs, confirmLabel, go });
  return (
    <>
      {/*
        Before the drawer, so its Escape listener runs first: the Escape that closes the drawer opens
        this question, and must not then close it too. The drawer sits a layer below it (it would be
        over it, being later in the page).
      */}
      <ConfirmDialog
        opened={asking !== null || blocker.status === 'blocked'}
        title="Discard your unsaved changes?"
        confirmLabel={asking?.confirmLabel ?? 'Discard and leave'}
        color="red"
        onConfirm={() => {
          if (blocker.status === 'blocked') {
            leaving.current = true;
            setUnsavedTabs(new Set());
            blocker.proceed();
            return;
          }
          asking?.go();
          setAsking(null);
        }}
        onClose={() => (blocker.status === 'blocked' ? blocker.reset() : setAsking(null))}
      >
        {`Your changes to ${tabNames(asking?.tabs ?? [...unsavedTabs])} have not been saved. Cancel to go back to them and save.`}
      </ConfirmDialog>
      <Drawer
        opened={tab !== null}
        onClose={() => discarding([...unsavedTabs], 'Discard and close', close)}
        position="right"
        size="lg"
        title="Space settings"
        zIndex={getDefaultZIndex('modal') - 1}
        closeButtonProps={{ 'aria-label': 'Close the space settings' }}
      >
        {tab !== null ? (
          <SettingsLoader
            spaceId={spaceId}
            tab={tab}
            setTab={setTab}
            unsaved={unsaved}
            beforeReload={(go) =>
              discarding(
                [...unsavedTabs].filter((other) => other !== tab),
                'Discard and load',
                () => {
                  setUnsavedTabs(new Set());
                  go();
                },
              )
            }
          />
        ) : null}
      </Drawer>
    </>
  );
}

type LoaderProps = {
  spaceId: string;
  tab: SettingsTab;
  setTab: (tab: SettingsTab) => void;
  unsaved: Unsaved;
  /** Runs `go` (loading the current version, which starts every tab again) once other tabs' changes may go. */
  beforeReload: (go: () => void) => void;
};

function SettingsLoader({ spaceId, ...props }: LoaderProps) {
  const space = useSpace(spaceId);
  if (space.isPending) return <LoadingState label="Loading the space’s settings…" />;
  if (space.isError) return <ErrorState message={errorMessage(space.error)} onRetry={() => void space.refetch()} />;
  return <SettingsTabs {...props} space={space.data} reload={() => space.refetch()} reloading={space.isFetching} />;
}

function SettingsTabs(
  props: Omit<LoaderProps, 'spaceId'> & {
    space: Space;
    reload: () => Promise<{ data?: Space | undefined; isError: boolean }>;
    reloading: boolean;
  },
) {
  // The version this drawer's saves go at: the one first read, then each of its own saves' answer.
  const [version, setVersion] = useState(props.space.version);
  // Loading the current version (after someone else's change) starts every tab again from it.
  const [generation, setGeneration] = useState(0);
  // What this drawer's own saves and reloads answered, shown until the space's query has it too.
  const [latest, setLatest] = useState(props.space);
  const space = latest.version > props.space.version ? latest : props.space;
  const tabProps = (tab: SettingsTab): TabProps => ({
    space,
    version,
    onSaved: (saved) => {
      setLatest(saved);
      setVersion(saved.version);
    },
    onReload: () =>
      props.beforeReload(
        () =>
          void props.reload().then((fresh) => {
            // A failed read answers with the copy it had: nothing newer to load, and the drafts stay.
            if (fresh.isError || !fresh.data) return;
            setLatest(fresh.data);
            setVersion(fresh.data.version);
            setGeneration((n) => n + 1);
          }),
      ),
    reloading: props.reloading,
    onUnsaved: (unsaved) => props.unsaved.mark(tab, unsaved),
  });
  return (
    <Tabs value={props.tab} onChange={(next) => next && props.setTab(next as SettingsTab)} key={generation}>
      <Tabs.List mb="md">
        {SETTINGS_TABS.map((tab) => (
          <Tabs.Tab key={tab} value={tab} rightSection={props.unsaved.tabs.has(tab) ? <UnsavedMark /> : null}>
            {TAB_LABELS[tab]}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      <Tabs.Panel value="general">
        <GeneralTab {...tabProps('general')} />
      </Tabs.Panel>
      <Tabs.Panel value="workflow">
        <WorkflowTab {...tabProps('workflow')} />
      </Tabs.Panel>
      <Tabs.Panel value="fields">
        <FieldsTab {...tabProps('fields')} />
      </Tabs.Panel>
      <Tabs.Panel value="members">
        <MembersTab {...tabProps('members')} />
      </Tabs.Panel>
    </Tabs>
  );
}

/** Beside a tab's name while it holds changes not saved yet. */
function UnsavedMark() {
  return (
    <Text component="span" fz="xs" fs="italic">
      unsaved
    </Text>
  );
}

function GeneralTab(props: TabProps) {
  const [name, setName] = useState(props.space.name);
  const [description, setDescription] = useState(props.space.description);
  const saving = useSpaceSave(props);
  return (
    <PlainForm
      onSubmit={() =>
        saving.save({ name: name.trim(), description: description.trim() }, (space) => {
          setName(space.name);
          setDescription(space.description);
        })
      }
    >
      <Stack gap="sm">
        {saving.staleAlert}
        <FormErrorAlert message={saving.formError} />
        <TextInput
          label="Space name"
          required
          value={name}
          error={saving.errors.name}
          onChange={(e) => {
            saving.touched();
            setName(e.currentTarget.value);
          }}
        />
        <Textarea
          label="Description"
          description="What the space is for: the unit or division, what its tasks are about."
          autosize
          minRows={2}
          value={description}
          error={saving.errors.description}
          onChange={(e) => {
            saving.touched();
            setDescription(e.currentTarget.value);
          }}
        />
        <SaveButton label="Save the name and description" saving={saving.saving} saved={saving.saved} />
      </Stack>
    </PlainForm>
  );
}

function MembersTab(props: TabProps) {
  const { space } = props;
  const members = useSetMembers();
  const [chosen, setChosen] = useState<string | null>(null);
  const [pickError, setPickError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [stale, setStale] = useState(false);
  const ids = space.members.map((person) => person.id);

  const change = (memberIds: string[], after?: () => void) => {
    setFormError(null);
    setPickError(null);
    members.mutate(
      { id: space.id, memberIds, version: props.version },
      {
        onSuccess: (saved) => {
          setStale(false);
          props.onSaved(saved);
          after?.();
        },
        onError: (error) => {
          if (isStaleVersion(error)) return setStale(true);
          const refusal = refusalOf(error);
          const onPicked = Object.entries(refusal.fields).find(([path]) => path.startsWith('member_ids.'));
          if (onPicked && after) setPickError(onPicked[1]);
          else setFormError(refusal.message ?? Object.values(refusal.fields).join(' '));
        },
      },
    );
  };

  return (
    <Stack gap="sm">
      {stale ? <StaleVersionAlert what="space" onReload={props.onReload} reloading={props.reloading} /> : null}
      <Text fz="sm" c="dimmed">
        Members see the space, its lists and all its tasks, and change them. Administrators see every space.
      </Text>
      <FormErrorAlert message={formError} />
      <List listStyleType="none" spacing={4} aria-label="Members">
        {space.members.map((person) => (
          <List.Item key={person.id}>
            <Group gap="sm" wrap="wrap">
              <Text fz="sm">{person.name}</Text>
              <Button
                size="xs"
                variant="default"
                aria-label={`Remove ${person.name} from the space`}
                disabled={space.members.length === 1}
                loading={members.isPending && !members.variables.memberIds.includes(person.id)}
                onClick={() => change(ids.filter((id) => id !== person.id))}
              >
                Remove
              </Button>
            </Group>
          </List.Item>
        ))}
      </List>
      <Group gap="xs" align="flex-end" wrap="wrap">
        <PersonPicker
          search={productivityPeople}
          label="Add a member"
          value={chosen}
          exclude={ids}
          error={pickError}
          onChange={(personId) => {
            setPickError(null);
            setChosen(personId);
            props.onUnsaved(personId !== null);
          }}
          style={{ flex: '1 1 14rem' }}
        />
        <Button
          variant="default"
          loading={members.isPending && chosen !== null && members.variables.memberIds.includes(chosen)}
          onClick={() => {
            if (!chosen) return setPickError('Choose the person to add');
            change([...ids, chosen], () => {
              setChosen(null);
              props.onUnsaved(false);
            });
          }}
        >
          Add to the space
        </Button>
      </Group>
    </Stack>
  );
}

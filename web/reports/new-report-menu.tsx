import { Button, Menu } from '@mantine/core';
import type { ReactNode } from 'react';
import type { ReportType } from '../../core/contracts/reports.ts';
import { useFocusTarget } from '../ui/deferred-overlay.ts';

/** The types of report to start (reports-screen.tsx loads this with the first click on "New report", which opens it). */
export function NewReportMenu(props: {
  /** The button's face, as drawn before the menu loaded. */
  face: { leftSection: ReactNode; rightSection: ReactNode; children: ReactNode };
  types: readonly ReportType[];
  /** The types could not be read: said in the menu instead. */
  typesError: string | null;
  starting: boolean;
  focusTarget: boolean;
  onStart: (type: ReportType) => void;
}) {
  const target = useFocusTarget<HTMLButtonElement>(props.focusTarget);
  return (
    <Menu position="bottom-end" withinPortal defaultOpened>
      <Menu.Target>
        <Button ref={target} loading={props.starting} {...props.face} />
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Type of report</Menu.Label>
        {props.typesError !== null ? <Menu.Item disabled>{props.typesError}</Menu.Item> : null}
        {props.types.map((type) => (
          <Menu.Item key={type.key} onClick={() => props.onStart(type)}>
            {type.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

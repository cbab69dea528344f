import { Box, Group, Text } from '@mantine/core';
import {
  SHIFT_STATUS_LABELS,
  TIME_OFF_STATUS_LABELS,
  type Coverage,
  type CoverageState,
  type ShiftStatus,
  type ShiftType,
  type TimeOffStatus,
} from '../../core/contracts/schedule.ts';
import { ModulePage } from '../ui/module-page.tsx';
import { StatusBadge } from '../ui/status-badge.tsx';

/** The scheduling module's shared pieces: the frame of its screens, its badges and the staffing summaries. */

export const SchedulePage = ModulePage;

const COVERAGE_COLORS: Record<CoverageState, string> = { short: 'red', met: 'green', over: 'blue' };
export const COVERAGE_LABELS: Record<CoverageState, string> = { short: 'Short', met: 'Met', over: 'Over' };

/** A shift's staffing against its minimum: "Short 3/4" in red, "Met 4/4", "Over 5/4". */
export function CoverageBadge({
  state,
  scheduled,
  minimum,
  prefix,
}: {
  state: CoverageState;
  scheduled: number;
  minimum: number;
  prefix?: string;
}) {
  return (
    <StatusBadge color={COVERAGE_COLORS[state]} variant={state === 'short' ? 'light' : 'outline'}>
      {prefix ? `${prefix} ` : ''}
      {COVERAGE_LABELS[state]} {scheduled}/{minimum}
    </StatusBadge>
  );
}

const SHIFT_STATUS_COLORS: Record<ShiftStatus, string> = { scheduled: 'gray', sick: 'orange', leave: 'grape', time_off: 'cyan' };

export function ShiftStatusBadge({ status }: { status: ShiftStatus }) {
  if (status === 'scheduled') return null;
  return <StatusBadge color={SHIFT_STATUS_COLORS[status]}>{SHIFT_STATUS_LABELS[status]}</StatusBadge>;
}

const TIME_OFF_COLORS: Record<TimeOffStatus, string> = { pending: 'yellow', approved: 'green', denied: 'red', cancelled: 'gray' };

export function TimeOffStatusBadge({ status }: { status: TimeOffStatus }) {
  return <StatusBadge color={TIME_OFF_COLORS[status]}>{TIME_OFF_STATUS_LABELS[status]}</StatusBadge>;
}

/** A shift type's colour as a small square (decoration: its code always says which it is). */
export function Swatch({ color }: { color: string }) {
  return (
    <Box
      aria-hidden
      w={12}
      h={12}
      style={{ borderRadius: 3, background: color, flexShrink: 0, border: '1px solid var(--mantine-color-default-border)' }}
    />
  );
}

/** A shift type's code and name with its colour. */
export function ShiftTypeLabel({ type }: { type: Pick<ShiftType, 'code' | 'name' | 'color'> }) {
  return (
    <Group gap={6} wrap="nowrap">
      <Swatch color={type.color} />
      <Text fz="sm" span>
        <b>{type.code}</b> {type.name}
      </Text>
    </Group>
  );
}

/** One shift type's staffing on one date, summed over its minimums: the worst state shows, the lines explain it. */
export type ShiftCoverage = {
  date: string;
  shift_type_id: string;
  state: CoverageState;
  scheduled: number;
  minimum: number;
  lines: Coverage[];
};

/**
 * A day's staffing per shift type at a glance: short when any of its minimums is short (the line
 * shown is the shortest one), over when none is short and one is over, else met.
 */
export function coverageByShift(coverage: readonly Coverage[]): ShiftCoverage[] {
  const byKey = new Map<string, Coverage[]>();
  for (const line of coverage) {
    const key = `${line.date}|${line.shift_type_id}`;
    const list = byKey.get(key);
    if (list) list.push(line);
    else byKey.set(key, [line]);
  }
  return [...byKey.values()].map((lines) => {
    const first = lines[0]!;
    const short = lines.filter((line) => line.state === 'short').sort((a, b) => a.scheduled / a.minimum - b.scheduled / b.minimum);
    const state: CoverageState = short.length > 0 ? 'short' : lines.some((line) => line.state === 'over') ? 'over' : 'met';
    // The line that explains the state: the shortest when short, else the broadest (the most people asked for).
    const shown = short[0] ?? [...lines].sort((a, b) => b.minimum - a.minimum)[0]!;
    return { date: first.date, shift_type_id: first.shift_type_id, state, scheduled: shown.scheduled, minimum: shown.minimum, lines };
  });
}

/** What a coverage line counts: "Sergeant in Squad A", "any position". */
export function coverageLineLabel(line: Coverage, groupName: (id: string) => string): string {
  const position = line.position ?? 'any position';
  return line.group_id ? `${position} in ${groupName(line.group_id)}` : position;
}

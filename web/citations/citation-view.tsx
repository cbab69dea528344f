import { Table, Text } from '@mantine/core';
import type { IssuedViolation, StopPerson, StopVehicle } from '../../core/contracts/citations.ts';
import { personName } from '../../core/citations/citation-rules.ts';
import { money } from './stop-model.ts';
import { TableScroll } from '../ui/table-scroll.tsx';

/** The parts of a citation both its page and its printed copies show. */

export function personLines(person: StopPerson): string[] {
  const place = [person.city, [person.state, person.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [
    personName(person) || '—',
    person.date_of_birth ? `Born ${person.date_of_birth}` : '',
    [person.address, place].filter(Boolean).join(', '),
    person.licence_number ? `Licence ${person.licence_number}${person.licence_state ? ` (${person.licence_state})` : ''}` : '',
    person.phone,
  ].filter(Boolean);
}

export function vehicleLines(vehicle: StopVehicle): string[] {
  return [
    vehicle.plate ? `Plate ${vehicle.plate}${vehicle.plate_state ? ` (${vehicle.plate_state})` : ''}` : '',
    [vehicle.year, vehicle.color, vehicle.make, vehicle.model].filter(Boolean).join(' '),
    vehicle.vin ? `VIN ${vehicle.vin}` : '',
  ].filter(Boolean);
}

export function Lines({ lines }: { lines: string[] }) {
  if (lines.length === 0) return <Text fz="sm">—</Text>;
  return (
    <>
      {lines.map((line, i) => (
        <Text key={i} fz="sm" fw={i === 0 ? 600 : undefined}>
          {line}
        </Text>
      ))}
    </>
  );
}

export function ViolationsTable({ violations, compact = false }: { violations: IssuedViolation[]; compact?: boolean }) {
  return (
    <TableScroll minWidth={compact ? 0 : 520} tabIndex={0} aria-label="Violations">
      <Table verticalSpacing={compact ? 2 : 6} fz="sm" withTableBorder={compact}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Code</Table.Th>
            <Table.Th scope="col">Violation</Table.Th>
            <Table.Th scope="col">Points</Table.Th>
            <Table.Th scope="col" ta="right">
              Fine
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {violations.map((v, i) => (
            <Table.Tr key={i}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{v.code}</Table.Td>
              <Table.Td>
                {v.description}
                {v.moving ? '' : ' (non-moving)'}
                {v.speed !== null ? ` — ${v.speed} mph in a ${v.posted_limit ?? '?'} mph zone` : ''}
              </Table.Td>
              <Table.Td>{v.points}</Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {money(v.fine_cents)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}

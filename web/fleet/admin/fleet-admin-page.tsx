import { AreaPage, type AreaPageProps } from '../../ui/area-page.tsx';

/** The fleet office's sections, in the order of the section bar. */
const SECTIONS = [
  { to: '/fleet/admin', label: 'Dashboard', match: (path: string) => path === '/fleet/admin' },
  { to: '/fleet/admin/vehicle', label: 'Vehicles', match: (path: string) => path.startsWith('/fleet/admin/vehicle') },
  { to: '/fleet/admin/servicerequest', label: 'Service requests', match: (path: string) => path.startsWith('/fleet/admin/servicerequest') },
  {
    to: '/fleet/admin/squadchecks',
    label: 'Squad checks',
    match: (path: string) => path.startsWith('/fleet/admin/squadchecks') && !path.startsWith('/fleet/admin/squadchecks/configure'),
  },
  {
    to: '/fleet/admin/squadchecks/configure',
    label: 'Templates',
    match: (path: string) => path.startsWith('/fleet/admin/squadchecks/configure'),
  },
  { to: '/fleet/admin/fuel', label: 'Fuel', match: (path: string) => path === '/fleet/admin/fuel' },
  { to: '/fleet/admin/vendors', label: 'Vendors', match: (path: string) => path === '/fleet/admin/vendors' },
  { to: '/fleet/admin/reports', label: 'Reports', match: (path: string) => path === '/fleet/admin/reports' },
  { to: '/fleet/admin/settings', label: 'Settings', match: (path: string) => path === '/fleet/admin/settings' },
] as const;

/** The frame of every fleet-office screen: the office's sections, then breadcrumbs, heading, explanation, actions. */
export function FleetAdminPage(props: AreaPageProps) {
  return <AreaPage sections={SECTIONS} sectionsLabel="Fleet office sections" {...props} />;
}

/** A label for a key from the agency's list (vehicle type, service category), or the key itself. */
export function labelOf(list: { key: string; label: string }[] | undefined, key: string): string {
  return list?.find((entry) => entry.key === key)?.label ?? key;
}

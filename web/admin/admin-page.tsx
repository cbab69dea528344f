import { AreaPage, type AreaPageProps } from '../ui/area-page.tsx';

/** The admin area's sections, in the order of the section bar. */
const SECTIONS = [
  { to: '/admin', label: 'Overview', match: (path: string) => path === '/admin' },
  { to: '/admin/users', label: 'Users', match: (path: string) => path.startsWith('/admin/users') },
  { to: '/admin/access', label: 'Access', match: (path: string) => path.startsWith('/admin/access') },
  {
    to: '/admin/modules',
    label: 'Modules',
    match: (path: string) => path.startsWith('/admin/modules') && !path.startsWith('/admin/modules/agency'),
  },
  { to: '/admin/modules/agency', label: 'Agency profile', match: (path: string) => path.startsWith('/admin/modules/agency') },
] as const;

/** The frame of every admin screen: the admin sections, then the screen's breadcrumbs, heading, explanation and actions. */
export function AdminPage(props: AreaPageProps) {
  return <AreaPage sections={SECTIONS} sectionsLabel="Admin sections" {...props} />;
}

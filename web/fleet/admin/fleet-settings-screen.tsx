import { FleetSettingsForm } from './fleet-settings-form.tsx';
import { FleetAdminPage } from './fleet-admin-page.tsx';

/**
 * /fleet/admin/settings: the fleet office keeps its own module's settings (vehicle types, service
 * categories, the squad check before a shift, default templates) with `fleet:admin`, as the server
 * lets it; the agency administrator keeps only the module's switch on /admin/modules/fleet.
 */
export function FleetSettingsScreen() {
  return (
    <FleetAdminPage
      title="Fleet settings"
      description="The agency's vehicle types and service categories, whether a squad check comes before each shift, and the template each type of vehicle uses by default."
      breadcrumbs={[{ label: 'Fleet office', to: '/fleet/admin' }]}
    >
      <FleetSettingsForm moduleEnabled />
    </FleetAdminPage>
  );
}

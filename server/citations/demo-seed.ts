import type { Tx } from '../platform/database.ts';
import type { DemoAgency } from '../platform/modules.ts';

export async function seedDemoCitations(_tx: Tx, _demo: DemoAgency): Promise<void> {}

import type { AccountType } from '../../core/contracts/auth.ts';

/** The account types with what each opens, in words an administrator understands. */
export const ACCOUNT_TYPE_OPTIONS: { value: AccountType; label: string }[] = [
  { value: 'limited', label: 'Limited: scheduling, fleet and field training' },
  { value: 'full', label: 'Full: also citations, reports and productivity' },
];

import { useSelector } from 'react-redux';
import { checkAccess, selectUser } from '@hostdash/shared-auth';

/**
 * Whether the signed-in user may open `pathname`, from the access table the shell's guards use:
 * a link a role cannot follow is not shown (a manager never meets "Not allowed" from a button).
 * Billing is not asked again: the page showing the link already passed it.
 */
export function useMayOpen(pathname: string): boolean {
  const user = useSelector(selectUser);
  return checkAccess({ pathname, user, stage: 'any', billingBypass: true }).allowed;
}

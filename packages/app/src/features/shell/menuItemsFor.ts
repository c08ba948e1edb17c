// Header dropdown: the items in the specification's order, with their role conditions, and
// the screens the specification's list leaves out, so every screen a user may open is in the menu:
// uploads for the upload role, the dispute desk for query, disputes and owner users, residuals for residuals admins, owners and scoped query users. A user without the query role gets no query screens (their guards would
// send them home). Sign out is not here: it is an action, not a route (see UserMenu).
import { seesDisputes, seesResiduals } from '@payportal/shared/guards';
import type { RoleFlags } from '@payportal/shared/identity';
import { paths } from '../../lib/paths.ts';

export interface MenuLink {
  label: string;
  href: string;
}

/** `scoped`: the user sees one book of the portfolio (a scoped query user reads their own residuals). */
export function menuItemsFor(flags: RoleFlags, scoped = false): MenuLink[] {
  return [
    { label: 'Home', href: paths.home() },
    { label: 'Documents', href: paths.documents() },
    ...(flags.isQuery
      ? [
          { label: 'Query Builder', href: paths.csvNew() },
          { label: 'Dashboards', href: paths.dashboards() },
          { label: 'Merchant-Level', href: paths.merchantLevel() },
          { label: 'Alerts', href: paths.alerts() },
        ]
      : []),
    ...(seesDisputes(flags) ? [{ label: 'Disputes', href: paths.disputes() }] : []),
    ...(seesResiduals(flags, scoped) ? [{ label: 'Residuals', href: paths.residuals() }] : []),
    ...(flags.isUpload
      ? [
          { label: 'Upload data', href: paths.uploadCreate() },
          { label: 'Upload history', href: paths.uploadHistory() },
        ]
      : []),
    ...(flags.isEmbedded ? [{ label: 'Revenue Optimizer', href: paths.revenueOptimizer() }] : []),
    { label: 'Profile', href: paths.profile() },
    ...(flags.isOwner ? [{ label: 'Manage organization', href: paths.organizationManage() }] : []),
  ];
}

// The home screen's shortcuts: exactly the features the user's guards let them open, so a
// user without the query role, whose header has only Sign out, still finds their way.
import { seesDisputes, seesResiduals } from '@payportal/shared/guards';
import type { RoleFlags } from '@payportal/shared/identity';
import { paths } from '../../lib/paths.ts';

export interface HomeLink {
  title: string;
  description: string;
  href: string;
}

/** `scoped`: the user sees one book (a scoped query user reads their own residuals). */
export function homeLinksFor(flags: RoleFlags, scoped = false): HomeLink[] {
  return [
    ...(flags.isQuery
      ? [
          { title: 'Query Builder', description: 'Query your portfolio and export it as CSV.', href: paths.csvNew() },
          { title: 'Dashboards', description: 'Reports and charts of your portfolio.', href: paths.dashboards() },
          { title: 'Merchant-Level', description: 'Study one merchant in depth.', href: paths.merchantLevel() },
        ]
      : []),
    ...(seesDisputes(flags)
      ? [{ title: 'Disputes', description: 'Open chargebacks and their deadlines.', href: paths.disputes() }]
      : []),
    ...(seesResiduals(flags, scoped)
      ? [{ title: 'Residuals', description: 'Each month’s residual statements and payouts.', href: paths.residuals() }]
      : []),
    ...(flags.isUpload
      ? [
          { title: 'Upload data', description: 'Send new data files to your portal.', href: paths.uploadCreate() },
          { title: 'Upload history', description: 'Follow the files you have sent.', href: paths.uploadHistory() },
        ]
      : []),
    ...(flags.isEmbedded
      ? [
          {
            title: 'Revenue Optimizer',
            description: 'Simulate repricing of your portfolio.',
            href: paths.revenueOptimizer(),
          },
        ]
      : []),
    ...(flags.isOwner
      ? [
          {
            title: 'Manage organization',
            description: 'Users and roles of your organization.',
            href: paths.organizationManage(),
          },
        ]
      : []),
    { title: 'Documents', description: 'Guides and statements shared with you.', href: paths.documents() },
  ];
}

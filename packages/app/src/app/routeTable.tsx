// Route table: one row per route, in the specification's order. `guard` names the guard of
// that protects the route (`none`: open to anyone); `standaloneOnly` routes do not exist when
// framed. `inputs` are what the table says the screen receives, besides its path parameters.
import type { RouteGuard } from '@payportal/shared/guards';
import type { ComponentType } from 'react';
import type { Snapshot } from 'valtio';
import type { SignedInSession } from '../features/session/sessionStore.ts';
import { lazyScreen, type MaybeLazyScreen } from './lazyScreen.ts';

export type RouteParams = Record<string, string | undefined>;
export interface RouteInputsContext {
  params: RouteParams;
  session: Snapshot<SignedInSession>;
}

interface RouteRowBase {
  path: string;
  standaloneOnly: boolean;
  // Each row's screen and inputs agree by construction (see `guarded` and `open` below).
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  screen: ComponentType<any> & MaybeLazyScreen;
}
export type RouteRow = RouteRowBase &
  (
    | { guard: RouteGuard; inputs: (context: RouteInputsContext) => object }
    | { guard: 'none'; inputs: (params: RouteParams) => object }
  );

function guarded<Props extends object>(
  path: string,
  guard: RouteGuard,
  screen: ComponentType<Props>,
  inputs: (context: RouteInputsContext) => Props,
  options: { standaloneOnly?: boolean } = {},
): RouteRow {
  return { path, guard, standaloneOnly: options.standaloneOnly ?? false, screen, inputs };
}

function open<Props extends object>(
  path: string,
  screen: ComponentType<Props>,
  inputs: (params: RouteParams) => Props,
): RouteRow {
  return { path, guard: 'none', standaloneOnly: true, screen, inputs };
}

const noInputs = () => ({});

const HomeScreen = lazyScreen(() => import('../features/home/HomeScreen.tsx').then((m) => m.HomeScreen));
const TermsScreen = lazyScreen(() => import('../features/terms/TermsScreen.tsx').then((m) => m.TermsScreen));
const SignInScreen = lazyScreen(() => import('../features/auth/SignInScreen.tsx').then((m) => m.SignInScreen));
const OrganizationEdit = lazyScreen(() =>
  import('../features/organization/OrganizationEdit.tsx').then((m) => m.OrganizationEdit),
);
const ForgotPasswordScreen = lazyScreen(() =>
  import('../features/auth/ForgotPasswordScreen.tsx').then((m) => m.ForgotPasswordScreen),
);
const SignUpScreen = lazyScreen(() => import('../features/auth/SignUpScreen.tsx').then((m) => m.SignUpScreen));
const ActionHandlerScreen = lazyScreen(() =>
  import('../features/auth/ActionHandlerScreen.tsx').then((m) => m.ActionHandlerScreen),
);
const ProfileScreen = lazyScreen(() => import('../features/profile/ProfileScreen.tsx').then((m) => m.ProfileScreen));
const QueryBuilderScreen = lazyScreen(() =>
  import('../features/query-builder/QueryBuilderScreen.tsx').then((m) => m.QueryBuilderScreen),
);
const DocumentsScreen = lazyScreen(() =>
  import('../features/documents/DocumentsScreen.tsx').then((m) => m.DocumentsScreen),
);
const DashboardsScreen = lazyScreen(() =>
  import('../features/dashboards/DashboardsScreen.tsx').then((m) => m.DashboardsScreen),
);
const DashboardNewScreen = lazyScreen(() =>
  import('../features/dashboards/DashboardNewScreen.tsx').then((m) => m.DashboardNewScreen),
);
const DashboardScreen = lazyScreen(() =>
  import('../features/dashboards/DashboardScreen.tsx').then((m) => m.DashboardScreen),
);
const DashboardEditScreen = lazyScreen(() =>
  import('../features/dashboards/DashboardScreen.tsx').then((m) => m.DashboardEditScreen),
);
const ChartBuilderScreen = lazyScreen(() =>
  import('../features/dashboards/ChartBuilderScreen.tsx').then((m) => m.ChartBuilderScreen),
);
const ChartCopyScreen = lazyScreen(() =>
  import('../features/dashboards/ChartCopyScreen.tsx').then((m) => m.ChartCopyScreen),
);
const UploadScreen = lazyScreen(() => import('../features/uploads/UploadScreen.tsx').then((m) => m.UploadScreen));
const UploadHistoryScreen = lazyScreen(() =>
  import('../features/uploads/UploadHistoryScreen.tsx').then((m) => m.UploadHistoryScreen),
);
const UploadDetailsScreen = lazyScreen(() =>
  import('../features/uploads/UploadDetailsScreen.tsx').then((m) => m.UploadDetailsScreen),
);
const MerchantLevelScreen = lazyScreen(() =>
  import('../features/merchant-level/MerchantLevelScreen.tsx').then((m) => m.MerchantLevelScreen),
);
const AlertsScreen = lazyScreen(() => import('../features/alerts/AlertsScreen.tsx').then((m) => m.AlertsScreen));
const DisputeQueueScreen = lazyScreen(() =>
  import('../features/disputes/DisputeQueueScreen.tsx').then((m) => m.DisputeQueueScreen),
);
const ResidualsScreen = lazyScreen(() =>
  import('../features/residuals/ResidualsScreen.tsx').then((m) => m.ResidualsScreen),
);
const ResidualSetupScreen = lazyScreen(() =>
  import('../features/residuals/ResidualSetupScreen.tsx').then((m) => m.ResidualSetupScreen),
);
const ResidualStatementScreen = lazyScreen(() =>
  import('../features/residuals/ResidualStatementScreen.tsx').then((m) => m.ResidualStatementScreen),
);
const DisputeInsightsScreen = lazyScreen(() =>
  import('../features/disputes/DisputeInsightsScreen.tsx').then((m) => m.DisputeInsightsScreen),
);
const DisputeDetailScreen = lazyScreen(() =>
  import('../features/disputes/DisputeDetailScreen.tsx').then((m) => m.DisputeDetailScreen),
);
const RevenueOptimizerScreen = lazyScreen(() =>
  import('../features/revenue-optimizer/RevenueOptimizerScreen.tsx').then((m) => m.RevenueOptimizerScreen),
);

export const routeTable: RouteRow[] = [
  guarded('/home', 'general', HomeScreen, ({ session }) => ({ isDemoOrg: session.organization.is_demo })),
  guarded('/terms', 'terms', TermsScreen, ({ session }) => ({ userId: session.user.id })),
  guarded('/data/upload', 'upload', UploadScreen, noInputs),
  guarded('/data/upload/history', 'upload', UploadHistoryScreen, noInputs),
  guarded('/data/upload/:uploadId', 'upload', UploadDetailsScreen, ({ params }) => ({ uploadId: params.uploadId! })),
  guarded('/organization/manage', 'owner', OrganizationEdit, ({ session }) => ({
    assignableRoles: session.assignableRoles,
    orgId: session.organization.id,
  })),
  guarded('/profile', 'general', ProfileScreen, noInputs, { standaloneOnly: true }),
  guarded('/amla', 'query', MerchantLevelScreen, noInputs),
  guarded('/revenue-optimizer', 'embedded', RevenueOptimizerScreen, noInputs),
  guarded('/csv/new', 'query', QueryBuilderScreen, noInputs),
  guarded('/csv/:id?/edit', 'query', QueryBuilderScreen, ({ params }) => ({ id: params.id })),
  guarded('/dashboard/new', 'query', DashboardNewScreen, ({ session }) => ({
    orgId: session.organization.id,
    warehouseId: session.user.id,
    isDemo: session.organization.is_demo,
  })),
  guarded('/dashboard/:id', 'query', DashboardScreen, ({ params, session }) => ({
    id: params.id!,
    userId: session.user.id,
    isOwner: session.flags.isOwner,
  })),
  guarded('/dashboard/:id/edit', 'query', DashboardEditScreen, ({ params, session }) => ({
    id: params.id!,
    isOwner: session.flags.isOwner,
    userId: session.user.id,
    isDemo: session.organization.is_demo,
  })),
  guarded('/dashboard/:id/chart/new', 'query', ChartBuilderScreen, ({ params }) => ({ id: params.id! })),
  guarded('/dashboard/:id/chart/:chartId/edit', 'query', ChartBuilderScreen, ({ params }) => ({
    id: params.id!,
    chartId: params.chartId!,
  })),
  guarded('/dashboard/:id/chart/:chartId/copy', 'query', ChartCopyScreen, ({ params, session }) => ({
    id: params.id!,
    chartId: params.chartId!,
    userId: session.user.id,
    isOwner: session.flags.isOwner,
  })),
  guarded('/dashboards', 'query', DashboardsScreen, ({ session }) => ({ userId: session.user.id })),
  guarded('/documents', 'general', DocumentsScreen, noInputs),
  guarded('/alerts', 'query', AlertsScreen, ({ session }) => ({ userId: session.user.id })),
  guarded('/disputes', 'disputes', DisputeQueueScreen, ({ session }) => ({ canSeeInsights: session.flags.isQuery })),
  // Before the dispute's own path, which would take "insights" for a chargeback id (the first match wins).
  guarded('/disputes/insights', 'query', DisputeInsightsScreen, noInputs),
  guarded('/disputes/:chargebackId', 'disputes', DisputeDetailScreen, ({ params, session }) => ({
    chargebackId: params.chargebackId!,
    canOpenMerchant: session.flags.isQuery,
    userId: session.user.id,
  })),
  guarded('/residuals', 'residuals', ResidualsScreen, ({ session }) => ({
    canClose: session.flags.isResidualsAdmin && !session.scoped,
  })),
  // Before a statement's own path, which would take "setup" for a node code (the first match wins).
  guarded('/residuals/setup', 'residuals', ResidualSetupScreen, noInputs),
  guarded('/residuals/:nodeId', 'residuals', ResidualStatementScreen, ({ params }) => ({ nodeId: params.nodeId! })),
  open('/auth', SignInScreen, noInputs),
  open('/forgot-password', ForgotPasswordScreen, noInputs),
  open('/sign-up/:hash', SignUpScreen, ({ hash }) => ({ hash: hash! })),
  open('/usermgmt/action', ActionHandlerScreen, noInputs),
];

// Typed path helpers for the route table: screens link with these, never with strings.
export const paths = {
  home: () => '/home',
  terms: () => '/terms',
  uploadCreate: () => '/data/upload',
  uploadHistory: () => '/data/upload/history',
  uploadDetails: (uploadId: string) => `/data/upload/${encodeURIComponent(uploadId)}`,
  organizationManage: () => '/organization/manage',
  profile: () => '/profile',
  merchantLevel: () => '/amla',
  revenueOptimizer: () => '/revenue-optimizer',
  csvNew: () => '/csv/new',
  csvEdit: (id?: string) => (id ? `/csv/${encodeURIComponent(id)}/edit` : '/csv/edit'),
  dashboardNew: () => '/dashboard/new',
  dashboard: (id: string) => `/dashboard/${encodeURIComponent(id)}`,
  dashboardEdit: (id: string) => `/dashboard/${encodeURIComponent(id)}/edit`,
  chartNew: (id: string) => `/dashboard/${encodeURIComponent(id)}/chart/new`,
  chartEdit: (id: string, chartId: string) =>
    `/dashboard/${encodeURIComponent(id)}/chart/${encodeURIComponent(chartId)}/edit`,
  chartCopy: (id: string, chartId: string) =>
    `/dashboard/${encodeURIComponent(id)}/chart/${encodeURIComponent(chartId)}/copy`,
  dashboards: () => '/dashboards',
  documents: () => '/documents',
  alerts: (merchant?: { id: string; name: string }) =>
    merchant ? `/alerts?${new URLSearchParams({ merchant: merchant.id, name: merchant.name })}` : '/alerts',
  disputes: () => '/disputes',
  disputeInsights: () => '/disputes/insights',
  dispute: (chargebackId: number | string) => `/disputes/${encodeURIComponent(String(chargebackId))}`,
  residuals: (month?: string) => `/residuals${month ? `?month=${month}` : ''}`,
  residualSetup: (month?: string) => `/residuals/setup${month ? `?month=${month}` : ''}`,
  residualStatement: (node: string, month?: string) =>
    `/residuals/${encodeURIComponent(node)}${month ? `?month=${month}` : ''}`,
  auth: (options?: { logout?: boolean }) => (options?.logout ? '/auth?logout=true' : '/auth'),
  forgotPassword: () => '/forgot-password',
  signUp: (hash: string) => `/sign-up/${hash}`,
  actionHandler: () => '/usermgmt/action',
} as const;

// Explicit named exports: what is not listed here is private to the package.
export * as constants from './constants.ts';
export {
  EMBEDDED_TERMS_PRODUCT_ID,
  PASSWORD_MIN_LENGTH,
  EMAIL_MAX_LENGTH,
  EMAIL_LOCAL_PART_MAX_LENGTH,
} from './constants.ts';
export { ROLE_NAMES, PLATFORM_PERMISSIONS, roleFlags, assignableRolesOf } from './identity/roles.ts';
export type { RoleName, PlatformPermission, RoleFlags } from './identity/roles.ts';
export {
  emailSchema,
  normalizeEmail,
  idSchema,
  userConfigSchema,
  warehouseUserSchema,
  organizationSchema,
  roleSchema,
  userRoleSchema,
  termsRecordSchema,
  signUpPayloadSchema,
  SIGN_IN_METHODS,
  inviteSecretSchema,
} from './identity/domain.ts';
export type {
  SignInMethod,
  UserConfig,
  WarehouseUser,
  Organization,
  Role,
  UserRole,
  TermsRecord,
  SignUpPayload,
} from './identity/domain.ts';
export { isInternalEmail } from './identity/internalEmail.ts';
export { isLoginTooOld, isOlderThanPasswordAge } from './identity/signInAge.ts';
export { ConfigError, parseConfig, envFlag, envList } from './config/env.ts';
export {
  firebaseWebConfigSchema,
  identityProjectSchema,
  portalConfigSchema,
  readEmbeddedConfig,
  injectConfig,
  CONFIG_ELEMENT_ID,
} from './config/browserConfig.ts';
export type { FirebaseWebConfig, PortalConfig } from './config/browserConfig.ts';
export { API_ERROR_CODES, apiErrorBodySchema } from './errors/apiErrors.ts';
export type { ApiErrorCode, ApiErrorBody } from './errors/apiErrors.ts';
export {
  API_PATHS,
  IMPERSONATE_HEADER,
  IMPERSONATION_TOKEN_PREFIX,
  impersonationRequestSchema,
  impersonationResponseSchema,
  partnerSessionResponseSchema,
  authenticateResponseSchema,
  usersQuerySchema,
  usersResponseSchema,
  userParamsSchema,
  userUpdateSchema,
  userUpdateResponseSchema,
  termsQuerySchema,
  termsResponseSchema,
  termsCreateSchema,
  userRolesQuerySchema,
  userRolesResponseSchema,
  rolesResponseSchema,
  organizationParamsSchema,
  organizationResponseSchema,
  acceptInviteSchema,
} from './identity/apiContract.ts';
export type {
  AuthenticateResponse,
  ImpersonationResponse,
  PartnerSessionResponse,
  AcceptInvite,
} from './identity/apiContract.ts';
export { encodeSignUpHash, decodeSignUpHash, signUpPath, SIGN_UP_HASH_MAX_LENGTH } from './identity/signUpHash.ts';
export {
  ORG_MANAGEMENT_PATHS,
  ORG_MANAGEMENT_MESSAGES,
  ORG_USERS_PAGE_SIZE_MAX,
  ORG_USERS_SORT_FIELDS,
  USER_CHANGE_ACTIONS,
  orgParamsSchema,
  orgUserParamsSchema,
  orgUsersQuerySchema,
  managedUserSchema,
  orgUsersPageSchema,
  inviteUserSchema,
  inviteUserResponseSchema,
  setUserRolesSchema,
  setUserNameSchema,
  setUserActiveSchema,
  setSignInMethodSchema,
  managedUserResponseSchema,
  userChangesQuerySchema,
  userChangeSchema,
  userChangesResponseSchema,
} from './identity/orgManagement.ts';
export type {
  OrgUsersSortField,
  OrgUsersQuery,
  ManagedUser,
  OrgUsersPage,
  InviteUser,
  UserChangeAction,
  UserChange,
} from './identity/orgManagement.ts';
export { rolesOutsideGrant } from './identity/orgManagementRules.ts';
export {
  PARTNER_PATHS,
  PARTNER_SESSION_AUDIENCE,
  PARTNER_SESSION_MAX_LIFETIME_S,
  PARTNER_SESSION_CLOCK_TOLERANCE_S,
  PARTNER_ACTIVE_KEYS_MAX,
  PARTNER_CLAIM,
  partnerParamsSchema,
  partnerKeyParamsSchema,
  partnerKeyInputSchema,
  registerPartnerSchema,
  partnerKeySchema,
  partnerSchema,
  partnerListSchema,
  partnerSessionRequestSchema,
  partnerSessionClaimsSchema,
} from './identity/partners.ts';
export type { PartnerKeyInput, RegisterPartner, Partner } from './identity/partners.ts';
export { decideRoute, ROUTE_GUARDS } from './guards/decideRoute.ts';
export { decideGeneralRoute } from './guards/decideGeneralRoute.ts';
export { decideTermsRoute } from './guards/decideTermsRoute.ts';
export { decideOwnerRoute } from './guards/decideOwnerRoute.ts';
export { decideUploadRoute } from './guards/decideUploadRoute.ts';
export { decideQueryRoute } from './guards/decideQueryRoute.ts';
export { decideEmbeddedRoute } from './guards/decideEmbeddedRoute.ts';
export { isEmbeddedOnly } from './guards/guardDecision.ts';
export type { RouteGuard } from './guards/decideRoute.ts';
export type { GuardDecision, GuardInput, GuardUser, GuardTarget, GuardParentMessage } from './guards/guardDecision.ts';
export {
  AUTH_ERROR_TEXTS,
  authErrorMessage,
  errorCode,
  serviceErrorMessage,
  signInRefusalOf,
} from './errors/authErrors.ts';
export type { AuthErrorArea } from './errors/authErrors.ts';
export { AuthFlowError } from './errors/AuthFlowError.ts';
export {
  validateEmail,
  validateRequired,
  validateNewPassword,
  validatePasswordConfirmation,
  validateVerificationCode,
  PASSWORD_HINT,
} from './identity/authValidators.ts';
export {
  PROTOCOL_VERSION,
  WIRE,
  HOST_METHODS,
  FRAME_METHODS,
  FRAME_NOTICES,
  EMBED_ERROR_CODES,
  LIMITS,
  PORTAL_PATH_PATTERN,
  helloMessage,
  incompatibleMessage,
} from './protocol/wire.ts';
export type { FrameNotice } from './protocol/wire.ts';
export { callOnlyEndpoint } from './protocol/rpcEndpoint.ts';
export {
  portalPathSchema,
  hostSessionSchema,
  incompatibleMessageSchema,
  sessionMessageSchema,
  frameEventSchema,
} from './protocol/schemas.ts';
export type { HostSession, FrameEvent } from './protocol/schemas.ts';
export {
  MEASURES,
  DISPUTE_WINDOW_DAYS,
  LOWER_IS_BETTER,
  MEASURE_IDS,
  DIMENSIONS,
  DIMENSION_IDS,
  COMPOUND_SEARCHES,
  METRIC_FORMATS,
  DIMENSION_TYPES,
  TIME_GRANULARITIES,
  DATE_RANGE_PRESETS,
  FILTER_OPERATORS,
  QUERY_ROW_CAP,
} from './analytics/catalogue.ts';
export type {
  MeasureId,
  DimensionId,
  MeasureMeta,
  DimensionMeta,
  MetricFormat,
  DimensionType,
  TimeGranularity,
  DateRangePreset,
  FilterOperator,
} from './analytics/catalogue.ts';
export {
  queryDescriptionSchema,
  measureIdSchema,
  dimensionIdSchema,
  memberIdSchema,
  filterSchema,
  orderSchema,
  timeDimensionSchema,
  dateRangeSchema,
  isoDateSchema,
  queryColumnSchema,
  queryResultSchema,
  catalogueResponseSchema,
  valuesParamsSchema,
  valuesQuerySchema,
  valuesResponseSchema,
  VALUE_DIMENSION_IDS,
  VALUE_SEARCH_MAX_LENGTH,
  QUERY_DIMENSIONS_MAX,
} from './analytics/queryDescription.ts';
export type {
  QueryDescription,
  QueryDescriptionInput,
  QueryFilter,
  QueryColumn,
  QueryResult,
  QueryCell,
  CatalogueResponse,
  ValuesResponse,
} from './analytics/queryDescription.ts';
export {
  resolveDateRange,
  startOf,
  nextStart,
  addDays,
  daysBetween,
  rangePhrase,
  spanText,
  dayText,
  comparisonPeriod,
  periodStatus,
  DATE_RANGE_PRESET_LABELS,
} from './analytics/datePeriods.ts';
export type {
  DateRange,
  ResolvedRange,
  ComparisonPeriod,
  PeriodShortfall,
  PeriodStatus,
  PeriodContext,
} from './analytics/datePeriods.ts';
export { PERIOD_NOTE_COLUMN, periodNoteOf, periodNotesOf } from './analytics/periodNotes.ts';
export { EXPORT_ROUTES, EXPORT_PATHS } from './exports/exportPaths.ts';
export { CSV_HEADERS, CSV_VALUES, csvOptionsSchema, csvValuesOf, DEFAULT_CSV_OPTIONS } from './exports/csvOptions.ts';
export type { CsvHeader, CsvOptions, CsvOptionsInput, CsvValues } from './exports/csvOptions.ts';
export {
  EXPORT_NAME_MAX,
  EXPORT_DESCRIPTION_MAX,
  exportNameSchema,
  exportDescriptionSchema,
  definitionParamsSchema,
  exportDefinitionBodySchema,
  exportDefinitionSchema,
  definitionListQuerySchema,
  definitionListSchema,
} from './exports/exportDefinition.ts';
export type {
  ExportDefinition,
  ExportDefinitionBody,
  ExportDefinitionBodyInput,
  DefinitionListQuery,
  DefinitionList,
} from './exports/exportDefinition.ts';
export {
  EXPORT_JOB_STATUSES,
  FINISHED_JOB_STATUSES,
  jobParamsSchema,
  exportJobSchema,
  runExportBodySchema,
  jobListQuerySchema,
  jobListSchema,
} from './exports/exportJob.ts';
export { downloadTicketSchema, downloadParamsSchema } from './exports/downloadTicket.ts';
export type { DownloadTicket } from './exports/downloadTicket.ts';
export type {
  ExportJobStatus,
  ExportJob,
  RunExportBody,
  RunExportBodyInput,
  JobListQuery,
  JobList,
} from './exports/exportJob.ts';
export { rowCapText, exportLimitsSchema, estimateBodySchema, estimateSchema } from './exports/exportLimits.ts';
export type { ExportLimits, ExportEstimate } from './exports/exportLimits.ts';
export { DOCUMENT_ROUTES, DOCUMENT_PATHS } from './documents/documentPaths.ts';
export {
  GENERATED_DOCUMENT_TYPES,
  UPLOADED_DOCUMENT_TYPES,
  DOCUMENT_TYPES,
  DOCUMENT_TYPE_LABELS,
  DOCUMENT_MAX_BYTES,
  DOCUMENT_TOO_LARGE_TEXT,
  PDF_MAGIC,
  monthLabel,
  lastFullMonth,
} from './documents/documentTypes.ts';
export type { GeneratedDocumentType, UploadedDocumentType, DocumentType } from './documents/documentTypes.ts';
export {
  periodSchema,
  documentTitleSchema,
  documentParamsSchema,
  documentSchema,
  DOCUMENT_PAGE_SIZE,
  documentListQuerySchema,
  documentListSchema,
  uploadDocumentQuerySchema,
  generateDocumentBodySchema,
} from './documents/documentSchemas.ts';
export type {
  PortalDocument,
  DocumentListQuery,
  DocumentListQueryInput,
  DocumentList,
  UploadDocumentQuery,
  GenerateDocumentBody,
} from './documents/documentSchemas.ts';
export { formatCell, formatRows } from './analytics/formatCell.ts';
export {
  DIMENSION_VALUE_LABELS,
  DIMENSIONS_NAMED_BY_VALUE,
  dimensionValueLabel,
  dimensionVocabulary,
  hasValueLabels,
  MERCHANT_STATUS_LABELS,
} from './analytics/valueLabels.ts';
export { INDUSTRY_NAMES } from './analytics/industryNames.ts';
export { DECLINE_CODE_DESCRIPTIONS } from './analytics/declineCodes.ts';
// The revenue optimizer.
export { OPTIMIZER_PATHS, OPTIMIZER_ROUTES } from './optimizer/optimizerPaths.ts';
export {
  PLAN_TYPE_LABELS,
  PLAN_TYPES,
  segmentOptionsSchema,
  segmentSchema,
  SIZE_TIERS,
} from './optimizer/optimizerSegment.ts';
export type { PlanType, Segment, SegmentInput, SegmentOptions, SizeTier } from './optimizer/optimizerSegment.ts';
export {
  ATTRITION_SOURCES,
  attritionRowSchema,
  attritionTableSchema,
  DEFAULT_ATTRITION,
} from './optimizer/attritionModel.ts';
export type { AttritionRow } from './optimizer/attritionModel.ts';
export {
  affectedMerchantSchema,
  RATE_CHANGE_BUCKETS,
  repricingActionsSchema,
  scenarioDefinitionSchema,
  simulationResultSchema,
} from './optimizer/repricing.ts';
export type {
  AffectedMerchant,
  RepricingActions,
  ScenarioDefinition,
  ScenarioDefinitionInput,
  SimulationResult,
} from './optimizer/repricing.ts';
export {
  NET_RATE_BUCKETS,
  PNL_FLAGS,
  PNL_SORT_COLUMNS,
  pnlExportSchema,
  pnlRequestSchema,
  pnlResultSchema,
  pnlRowSchema,
  runPnlExportBodySchema,
} from './optimizer/merchantPnl.ts';
export type {
  PnlExport,
  PnlRequest,
  PnlRequestInput,
  PnlResult,
  PnlRow,
  PnlSortColumn,
  RunPnlExportBodyInput,
} from './optimizer/merchantPnl.ts';
export { LEAKAGE_CAUSE_LABELS, LEAKAGE_CAUSES, leakageResultSchema } from './optimizer/leakage.ts';
export type { LeakageCause, LeakageResult } from './optimizer/leakage.ts';
export { REGULATORY_LABELS, REGULATORY_SCENARIOS, regulatoryResultSchema } from './optimizer/regulatory.ts';
export type { RegulatoryResult, RegulatoryScenario } from './optimizer/regulatory.ts';
export {
  optimizerDefaultsSchema,
  savedScenarioSchema,
  scenarioBodySchema,
  scenarioListSchema,
  scenarioParamsSchema,
} from './optimizer/savedScenario.ts';
export type { OptimizerDefaults, SavedScenario, ScenarioBody, ScenarioBodyInput } from './optimizer/savedScenario.ts';
// Data uploads.
export {
  UPLOAD_CARD_BRANDS,
  UPLOAD_CARD_TYPES,
  UPLOAD_COLUMNS,
  UPLOAD_KINDS,
  UPLOAD_KIND_LABELS,
  UPLOAD_REJECT_REASONS,
  uploadTemplate,
} from './uploads/uploadKinds.ts';
export type { ColumnRule, UploadKind } from './uploads/uploadKinds.ts';
export { checkCsvHead, HEAD_BYTES } from './uploads/checkCsvHead.ts';
export { MALFORMED_REASONS, MAX_RECORD_BYTES, readCsvRecords } from './uploads/readCsvRecords.ts';
export type { HeadCheck, HeadProblem } from './uploads/checkCsvHead.ts';
export { UPLOAD_PATHS, UPLOAD_ROUTES } from './uploads/uploadPaths.ts';
export {
  REJECT_PAGE_SIZE,
  rejectsPageSchema,
  rejectsQuerySchema,
  UPLOAD_CONCURRENT_DEFAULT,
  UPLOAD_IDLE_MINUTES_DEFAULT,
  UPLOAD_MAX_BYTES_DEFAULT,
  UPLOAD_MODE_LABELS,
  UPLOAD_MODES,
  UPLOAD_PAGE_SIZE,
  UPLOAD_PHASES,
  UPLOAD_STATUSES,
  uploadListQuerySchema,
  uploadListSchema,
  uploadMetadataSchema,
  uploadParamsSchema,
  uploadRejectSchema,
  uploadSchema,
} from './uploads/uploadSchemas.ts';
export type {
  RejectsPage,
  Upload,
  UploadList,
  UploadListQuery,
  UploadListQueryInput,
  UploadMetadata,
  UploadMode,
  UploadReject,
  UploadStatus,
} from './uploads/uploadSchemas.ts';
// The merchant-level page /amla.
export {
  EVIDENCE_FORMATS,
  evidenceSchema,
  HIGH_RISK_ISSUER_COUNTRIES,
  merchantSignalsSchema,
  SIGNAL_IDS,
  SIGNAL_WINDOW_DAYS,
  SIGNALS,
  signalIdSchema,
  signalResultSchema,
} from './merchants/signals.ts';
export type { Evidence, MerchantSignals, SignalId, SignalMeta, SignalResult } from './merchants/signals.ts';
export {
  merchantHeaderSchema,
  merchantIdSchema,
  merchantMatchSchema,
  merchantParamsSchema,
  merchantSearchQuerySchema,
  merchantSearchSchema,
  watchedMerchantSchema,
  watchlistSchema,
} from './merchants/merchantHeader.ts';
export type {
  MerchantHeader,
  MerchantMatch,
  MerchantSearchQuery,
  WatchedMerchant,
} from './merchants/merchantHeader.ts';
export { MERCHANT_PATHS, MERCHANT_ROUTES } from './merchants/merchantPaths.ts';
export {
  caseListSchema,
  caseNoteBodySchema,
  caseNoteSchema,
  caseParamsSchema,
  closeCaseBodySchema,
  DISPOSITIONS,
  MATCH_REASON_CODES,
  merchantCaseSchema,
  openCaseBodySchema,
} from './merchants/merchantCases.ts';
export type {
  CaseNote,
  CaseNoteBody,
  CloseCaseBody,
  Disposition,
  MatchReasonCode,
  MerchantCase,
  OpenCaseBody,
} from './merchants/merchantCases.ts';
export {
  daysBefore,
  MIN_STATE_PEERS,
  monthsBefore,
  PEER_MEASURES,
  pageFilters,
  peerQueries,
  SECTION_IDS,
  SECTION_TITLES,
  sectionAnswerSchema,
  sectionParamsSchema,
  sectionLineSchema,
  sectionQueries,
  sectionRequestSchema,
} from './merchants/merchantSections.ts';
export type {
  SectionAnswer,
  SectionLine,
  SectionId,
  SectionQuery,
  SectionRequest,
  SectionRequestInput,
} from './merchants/merchantSections.ts';
// Dashboards and charts.
export { DASHBOARD_PATHS, DASHBOARD_ROUTES } from './dashboards/dashboardPaths.ts';
export { CHART_TYPE_LABELS, CHART_TYPES, chartConfigSchema, chartDisplaySchema } from './dashboards/chartConfig.ts';
export type { ChartConfig, ChartConfigInput, ChartDisplay, ChartType } from './dashboards/chartConfig.ts';
export {
  applyDashboardFilters,
  DASHBOARD_FILTER_DIMENSIONS,
  dashboardFiltersSchema,
  filtersFromSearch,
  filtersToSearch,
  searchHasFilters,
} from './dashboards/dashboardFilters.ts';
export type { DashboardFilterDimension, DashboardFilters } from './dashboards/dashboardFilters.ts';
export { ANALYTICS_PATHS, ANALYTICS_ROUTES } from './analytics/analyticsPaths.ts';
export {
  batchLineErrorShape,
  NDJSON_TYPE,
  QUERY_BATCH_MAX,
  queryBatchLineSchema,
  type BatchLineError,
  queryBatchSchema,
  type QueryBatch,
  type QueryBatchLine,
} from './analytics/queryBatch.ts';
export {
  DRILL_HIERARCHIES,
  drillHierarchyOf,
  drillQuery,
  isDrillable,
  merchantPageHref,
} from './dashboards/drillDown.ts';
export type { DrilledQuery } from './dashboards/drillDown.ts';
export {
  archiveBodySchema,
  chartParamsSchema,
  chartSchema,
  copyChartBodySchema,
  dashboardBodySchema,
  dashboardLayoutSchema,
  dashboardListQuerySchema,
  dashboardListSchema,
  dashboardParamsSchema,
  dashboardSchema,
  dashboardSummarySchema,
  dashboardTitleSchema,
  GRID_COLUMNS,
  GRID_MIN_COLUMNS,
  GRID_MAX_ROWS,
  layoutItemSchema,
} from './dashboards/dashboardSchemas.ts';
export type {
  Dashboard,
  DashboardBody,
  DashboardBodyInput,
  DashboardChart,
  DashboardList,
  DashboardSummary,
  LayoutItem,
} from './dashboards/dashboardSchemas.ts';
// Alerts and subscriptions.
export { ALERT_PATHS, ALERT_ROUTES } from './alerts/alertPaths.ts';
export {
  ALERT_CHANGE_UNITS,
  ALERT_CONDITION_LABELS,
  ALERT_CONDITIONS,
  ALERT_SCOPE_LABELS,
  ALERT_SCOPES,
  ALERT_WINDOW_LABELS,
  ALERT_WINDOWS,
  alertBodySchema,
  alertFiringListSchema,
  alertFiringSchema,
  alertListSchema,
  alertParamsSchema,
  alertRuleSchema,
  alertSchema,
  recipientListSchema,
  windowDays,
} from './alerts/alertSchemas.ts';
export type {
  Alert,
  AlertBody,
  AlertBodyInput,
  AlertCondition,
  AlertFiring,
  AlertFiringItem,
  AlertRule,
  AlertRuleInput,
  AlertScope,
  AlertWindow,
  Recipient,
} from './alerts/alertSchemas.ts';
export { ALERT_TEMPLATES } from './alerts/alertTemplates.ts';
export type { AlertTemplate } from './alerts/alertTemplates.ts';
export {
  SUBSCRIPTION_FREQUENCIES,
  SUBSCRIPTION_FREQUENCY_LABELS,
  WEEKDAY_LABELS,
  subscriptionBodySchema,
  subscriptionListSchema,
  subscriptionParamsSchema,
  subscriptionSchema,
  subscriptionScheduleSchema,
  subscriptionSourceSchema,
} from './alerts/subscriptionSchemas.ts';
export type {
  Subscription,
  SubscriptionBody,
  SubscriptionBodyInput,
  SubscriptionFrequency,
  SubscriptionSchedule,
  SubscriptionSource,
  SubscriptionSourceInput,
} from './alerts/subscriptionSchemas.ts';

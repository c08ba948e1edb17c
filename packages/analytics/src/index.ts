// Explicit named exports: what is not listed here is private to the package.
export type {
  Admitted,
  AnalyticsEngine,
  CsvCopy,
  CsvCopyOptions,
  QueryOptions,
  QueryWeight,
  StreamOptions,
  ValueOption,
} from './engine.ts';
export { AnalyticsShardUnavailableError, AnalyticsTimeoutError, NO_DATASET } from './engine.ts';
export { DuckDBEngine, duckdbFileIn } from './duckdb/duckdbEngine.ts';
export { dayBefore, endMonthOf } from './generator/generateDataset.ts';
export { ClickHouseEngine } from './clickhouse/clickhouseEngine.ts';
export type { ClickHouseEngineOptions } from './clickhouse/clickhouseEngine.ts';
export { copyFromDuckDB } from './clickhouse/copyFromDuckDB.ts';
export type { CopyOptions, CopyReport } from './clickhouse/copyFromDuckDB.ts';
export {
  copyDuckDBFile,
  copyWithProgress,
  ensureClickHouseDataset,
  MissingDatasetError,
} from './clickhouse/loadClickHouse.ts';
export type { EnsureDatasetOptions, ProgressLine } from './clickhouse/loadClickHouse.ts';
export type { DuckDBEngineOptions, DatasetOutcome, DatasetRequest } from './duckdb/duckdbEngine.ts';
export { QueryError } from './compiler/queryError.ts';
export { queryColumns } from './compiler/queryColumns.ts';
export type { QueryIssue } from './compiler/queryError.ts';
export type { QueryScope } from './compiler/compileQuery.ts';
export type { ValueDimension, ValuesRequest } from './compiler/compileValues.ts';
export type { OptimizerAnswer, OptimizerAnswers, OptimizerQuestion } from './optimizer/optimizerQuestion.ts';
export { completeMonthsBefore } from './optimizer/optimizerPeriod.ts';
export { scenarioPayouts } from './optimizer/scenarioPayouts.ts';
export { ResidualsMonthOpenError } from './residuals/residualsQuestion.ts';
export { inScope, statementOf, subtreeLines } from './residuals/statementOf.ts';
export { versionsInBook } from './residuals/versionsInForce.ts';
export type {
  NodeAdjustment,
  NodeStatement,
  PortfolioSummary,
  ResidualAdjustment,
  ResidualLine,
  ResidualMonth,
  ResidualNode,
  ResidualsAnswer,
  ResidualsQuestion,
  ResidualVersions,
  ScheduleVersion,
  SplitVersion,
} from './residuals/residualsQuestion.ts';
export type { LoadUploadRequest, LoadUploadResult } from './uploads/loadUpload.ts';
export type { UploadRejectPage, UploadRejectRow } from './uploads/uploadRejects.ts';
export { UploadCountError } from './uploads/stageUpload.ts';
export { ScopedNodeError } from './uploads/uploadRows.ts';
export type {
  MerchantAnswer,
  MerchantAnswers,
  MerchantQuestion,
  PortfolioNodeRow,
} from './merchant/merchantQuestion.ts';
export type {
  DisputeAnswer,
  DisputeAnswers,
  DisputeNetworkEvent,
  DisputeQuestion,
  DisputeQueueQuestion,
  DisputeRecord,
} from './disputes/disputeQuestion.ts';
export { addDays } from './disputes/disputeStatements.ts';
export type { MerchantScore } from './signals/answerSignals.ts';

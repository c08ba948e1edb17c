// What every route group receives: one shape, `register…(app, deps)`, called once from createApp.
import type { AnalyticsEngine } from '@payportal/analytics';
import type { FastifyInstance } from 'fastify';
import type { Admission } from '../admission/admission.ts';
import type { ApiConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import type { ExportRunner } from '../exports/exportRunner.ts';
import type { AlertScheduler } from '../alerts/alertScheduler.ts';
import type { SubscriptionJobs } from '../alerts/subscriptionJobs.ts';
import type { MailSender } from '../mail/mailSender.ts';
import type { OrgIdentity } from '../organization/orgIdentity.ts';
import type { FileStore } from '../storage/fileStore.ts';
import type { UploadEnder } from '../uploads/uploadExpiry.ts';
import type { UploadProcessor } from '../uploads/uploadProcessor.ts';

export interface RouteDeps {
  config: ApiConfig;
  /** The guarded database (guardDatabase.ts): every query has the configured time limit. */
  db: Database;
  /** The analytics engine; null when none was opened (the analytics routes then answer 503). */
  analytics: AnalyticsEngine | null;
  /** Turns at the engine: every question, estimate, export job and optimizer answer waits for one. */
  admission: Admission;
  /** Identity administration for the owner's routes; createApp makes firebase-admin's unless given. */
  identity: OrgIdentity;
  /** Files under DATA_DIR (exports now; uploads and documents later). */
  fileStore: FileStore;
  /** The export job runner; null without an analytics engine (running an export then answers 503). */
  exportRunner: ExportRunner | null;
  /** Validation and load of finished uploads; null without an engine that loads (uploads then answer 503). */
  uploadProcessor: UploadProcessor | null;
  /** Cancels and expires receiving uploads. */
  uploadEnder: UploadEnder;
  /** The caller's today as YYYY-MM-DD (UTC), for date presets; tests may pin it. */
  today: () => string;
  /** The clock of mail, alerts and subscriptions; tests move it. */
  now: () => Date;
  /** Sends the mail outbox (mail/mailSender.ts). */
  mailSender: MailSender;
  /** Alert evaluations and subscription runs; null without an analytics engine. */
  alertScheduler: AlertScheduler | null;
  /** Subscription runs ("send now"); null without an analytics engine. */
  subscriptionJobs: SubscriptionJobs | null;
}

export type RouteGroup = (app: FastifyInstance, deps: RouteDeps) => void;

/** What a feature's background worker receives: it starts with the app (onReady) and stops with it (onClose). */
export interface WorkerDeps {
  config: ApiConfig;
  db: Database;
  analytics: AnalyticsEngine | null;
  admission: Admission;
  fileStore: FileStore;
  today: () => string;
  now: () => Date;
  /** The process's name in logs and job claims. */
  instance: string;
}

-- Uploads that can be cancelled and expire: a receiving upload its creator cancels (tus termination)
-- or an owner or upload admin cancels from the history becomes 'cancelled'; one that receives no bytes
-- for the idle limit (UPLOAD_IDLE_MINUTES) becomes 'expired'. Either frees its slot and loses its file.
-- received_at: when the last bytes arrived (or the upload was created), for the idle limit.
alter table uploads drop constraint uploads_status_check;
alter table uploads add constraint uploads_status_check check (status in ('receiving', 'uploaded', 'validating', 'loading', 'done', 'failed', 'rejected',
  'superseded', 'replaced', 'rolled_back', 'deleted', 'cancelled', 'expired'));
alter table uploads add column received_at timestamptz not null default now();
alter table upload_audit drop constraint upload_audit_event_check;
alter table upload_audit add constraint upload_audit_event_check check (event in ('upload', 'loaded', 'failed', 'replace', 'new_version', 'rollback', 'delete', 'cancel', 'expire'));

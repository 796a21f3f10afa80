/**
 * The NOTIFY channel job runners LISTEN on. Anything that may have made a job due sooner
 * (a job scheduled, a test clock advanced) sends it with `pg_notify` inside its own
 * transaction, so runners are woken at commit and never see an uncommitted change.
 */
export const SCHEDULER_WAKEUP_CHANNEL = 'scheduler_wakeup';

-- Replace and reset on the plan screens are recorded in the same revision history as Alex's changes, so they
-- can be undone too (docs/decisions/069-undo-for-replace-and-reset.md). The source says which of the three
-- made the change; rows written before keep 'chat'.
alter table plan_changes drop constraint plan_changes_source_check;
alter table plan_changes add constraint plan_changes_source_check check (source in ('chat', 'replace', 'reset'));

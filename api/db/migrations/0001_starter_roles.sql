-- The roles every install starts with (the user list's role filter offers them). What each may do
-- is an administrator's to change; these are the defaults of docs/decisions.md.
INSERT INTO "roles" ("name", "permissions", "created_at") VALUES
  ('Admin', '{view,add,edit,delete}', now()),
  ('PMO', '{view,add,edit}', now()),
  ('Engineer', '{view}', now()),
  ('Developer', '{view}', now())
ON CONFLICT DO NOTHING;

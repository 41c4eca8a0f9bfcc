-- +goose Up
-- The free beta plan is what an invitation grants (internal/beta): accounts let into the beta
-- before that rule still sit on Starter at 100 requests a month. Move them, and their Starter
-- keys, to the free beta plan (1,000 a month); accounts on any other plan keep theirs.
UPDATE users SET plan_id = (SELECT id FROM plans WHERE slug = 'beta-free')
WHERE beta_access_at IS NOT NULL
  AND (plan_id IS NULL OR plan_id = (SELECT id FROM plans WHERE slug = 'starter'))
  AND EXISTS (SELECT 1 FROM plans WHERE slug = 'beta-free');
UPDATE api_keys SET plan_id = (SELECT id FROM plans WHERE slug = 'beta-free')
WHERE plan_id = (SELECT id FROM plans WHERE slug = 'starter')
  AND user_id IN (SELECT id FROM users WHERE plan_id = (SELECT id FROM plans WHERE slug = 'beta-free'));

-- +goose Down
-- Beta accounts go back to Starter; an admin's later choice of beta-free for an account that is
-- not in the beta is not told apart from the move above, so only beta accounts are moved back.
UPDATE api_keys SET plan_id = (SELECT id FROM plans WHERE slug = 'starter')
WHERE plan_id = (SELECT id FROM plans WHERE slug = 'beta-free')
  AND user_id IN (SELECT id FROM users WHERE beta_access_at IS NOT NULL);
UPDATE users SET plan_id = NULL
WHERE beta_access_at IS NOT NULL AND plan_id = (SELECT id FROM plans WHERE slug = 'beta-free');

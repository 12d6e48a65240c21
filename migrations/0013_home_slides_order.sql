-- Home slides get an explicit order (issue 18, the studio's up/down buttons). Until now
-- they were read by created_at, then id: every existing slide gets its place in that order,
-- so the home page shows them exactly as before.
ALTER TABLE home_slides ADD COLUMN sort_order INTEGER NOT NULL DEFAULT 0;

UPDATE home_slides SET sort_order = (
  SELECT COUNT(*) FROM home_slides AS earlier
  WHERE earlier.created_at < home_slides.created_at
     OR (earlier.created_at = home_slides.created_at AND earlier.id < home_slides.id)
);

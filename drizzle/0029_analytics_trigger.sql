-- The universities' analytics read rollups (app/db/schema/analytics.ts), never the events per
-- request. A trigger adds each statement's events to them in the statement's transaction, whoever
-- inserts the events, so they are exact under concurrent writers; analytics_rebuild() starts again
-- from the events table. Days are the UK's calendar days (Europe/London).

-- What the rollups split a batch of events by: students' events with a university only (a job
-- alert sent is the platform's doing, not the student's).
CREATE OR REPLACE FUNCTION analytics_facts(batch events[])
RETURNS TABLE (
  university_id integer, user_id integer, day date, kind text, feature text, job boolean,
  sponsorship text, soc text, salary_band text, home text, seconds double precision, registered_on date
) LANGUAGE sql STABLE AS $$
  SELECT e.university_id, e.user_id, (e.occurred_at AT TIME ZONE 'Europe/London')::date, e.kind,
    CASE
      WHEN e.kind LIKE 'job.%' THEN 'jobs'
      WHEN e.kind LIKE 'cv.%' THEN 'cv'
      WHEN e.kind LIKE 'video.%' OR e.kind IN ('course.completed', 'premium_hub.requested') THEN 'hub'
      WHEN e.kind = 'points.calculated' THEN 'calculator'
      WHEN e.kind = 'sponsor.checked' THEN 'sponsors'
    END,
    e.job_posting_id IS NOT NULL,
    j.sponsorship_status::text,
    CASE WHEN j.id IS NOT NULL THEN coalesce(nullif(left(j.soc_code, 1), ''), 'unknown') END,
    j.salary_band,
    coalesce(p.home_country_id::text, 'unknown'),
    coalesce((e.data ->> 'seconds')::double precision, 0),
    (u.created_at AT TIME ZONE 'Europe/London')::date
  FROM unnest(batch) e
  JOIN users u ON u.id = e.user_id AND u.role IN ('student', 'predeparture_student')
  LEFT JOIN job_postings j ON j.id = e.job_posting_id
  LEFT JOIN student_profiles p ON p.user_id = e.user_id
  WHERE e.university_id IS NOT NULL AND e.kind <> 'job_alert.sent'
$$;--> statement-breakpoint

CREATE OR REPLACE FUNCTION analytics_roll_up(batch events[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  zero constant bit(366) := repeat('0', 366)::bit(366);
BEGIN
  -- Counts by day and dimension, with up to five of the students behind each (sorted, so that
  -- concurrent writers lock rows in one order).
  INSERT INTO analytics_daily AS d (university_id, dimension, metric, day, value, events, amount, students)
  SELECT f.university_id, c.dimension, f.kind, f.day, c.value, count(*), sum(f.seconds),
    (array_agg(DISTINCT f.user_id ORDER BY f.user_id))[1:5]
  FROM analytics_facts(batch) f
  CROSS JOIN LATERAL (VALUES
    ('all', ''),
    ('sponsorship', f.sponsorship),
    ('soc', f.soc),
    ('salary', f.salary_band),
    ('home', CASE WHEN f.job THEN f.home END),
    ('home-eligible', CASE WHEN f.sponsorship IN ('likely', 'new-entrant') THEN f.home END)
  ) AS c(dimension, value)
  WHERE c.value IS NOT NULL
  GROUP BY 1, 2, 3, 4, 5
  ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (university_id, dimension, metric, day, value) DO UPDATE SET
    events = d.events + excluded.events,
    amount = d.amount + excluded.amount,
    students = CASE WHEN cardinality(d.students) >= 5 THEN d.students
      ELSE (SELECT (array_agg(DISTINCT s ORDER BY s))[1:5] FROM unnest(d.students || excluded.students) s) END;

  -- The days each student was active, for distinct counts over any range.
  INSERT INTO analytics_activity AS a (university_id, year, user_id, home_country_id,
    days_any, days_jobs, days_cv, days_hub, days_calculator, days_sponsors)
  SELECT university_id, year, user_id, max(home_country_id),
    bit_or(mask),
    coalesce(bit_or(mask) FILTER (WHERE feature = 'jobs'), zero),
    coalesce(bit_or(mask) FILTER (WHERE feature = 'cv'), zero),
    coalesce(bit_or(mask) FILTER (WHERE feature = 'hub'), zero),
    coalesce(bit_or(mask) FILTER (WHERE feature = 'calculator'), zero),
    coalesce(bit_or(mask) FILTER (WHERE feature = 'sponsors'), zero)
  FROM (
    SELECT f.university_id, extract(year FROM f.day)::integer AS year, f.user_id, f.feature,
      nullif(f.home, 'unknown')::integer AS home_country_id,
      set_bit(zero, extract(doy FROM f.day)::integer - 1, 1) AS mask
    FROM analytics_facts(batch) f
  ) x
  GROUP BY 1, 2, 3
  ORDER BY 1, 2, 3
  ON CONFLICT (university_id, year, user_id) DO UPDATE SET
    home_country_id = coalesce(excluded.home_country_id, a.home_country_id),
    days_any = a.days_any | excluded.days_any,
    days_jobs = a.days_jobs | excluded.days_jobs,
    days_cv = a.days_cv | excluded.days_cv,
    days_hub = a.days_hub | excluded.days_hub,
    days_calculator = a.days_calculator | excluded.days_calculator,
    days_sponsors = a.days_sponsors | excluded.days_sponsors;

  -- Students counted once: active in a week (by its Monday), and the first time they did a step of
  -- the funnel (by the day they registered). The presence row decides "first" under concurrency.
  WITH keys AS (
    SELECT DISTINCT f.university_id, f.user_id, 'week:' || date_trunc('week', f.day)::date AS key,
      'active:week' AS metric, date_trunc('week', f.day)::date AS day
    FROM analytics_facts(batch) f
    UNION
    SELECT DISTINCT f.university_id, f.user_id, 'first:' || f.kind, 'first:' || f.kind, f.registered_on
    FROM analytics_facts(batch) f
    WHERE f.kind IN ('profile.completed', 'job.viewed', 'job.saved', 'job.applied', 'cv.created', 'cv.exported', 'video.completed')
  ), fresh AS (
    INSERT INTO analytics_presence (university_id, key, user_id)
    SELECT university_id, key, user_id FROM keys ORDER BY 1, 2, 3
    ON CONFLICT DO NOTHING
    RETURNING university_id, key, user_id
  )
  INSERT INTO analytics_daily AS d (university_id, dimension, metric, day, value, events)
  SELECT k.university_id, 'all', k.metric, k.day, '', count(*)
  FROM fresh JOIN keys k USING (university_id, key, user_id)
  GROUP BY 1, 2, 3, 4
  ORDER BY 1, 2, 3, 4
  ON CONFLICT (university_id, dimension, metric, day, value) DO UPDATE SET events = d.events + excluded.events;
END
$$;--> statement-breakpoint

CREATE OR REPLACE FUNCTION analytics_events_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM analytics_roll_up(ARRAY(SELECT ROW(n.*)::events FROM new_events n));
  RETURN NULL;
END
$$;--> statement-breakpoint

CREATE TRIGGER analytics_events_inserted AFTER INSERT ON events
  REFERENCING NEW TABLE AS new_events
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_events_inserted();--> statement-breakpoint

-- Empties the rollups and adds every event again, a slice of ids at a time.
CREATE OR REPLACE FUNCTION analytics_rebuild() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  low integer;
  high integer;
  slice constant integer := 20000;
BEGIN
  TRUNCATE analytics_daily, analytics_activity, analytics_presence;
  SELECT min(id), max(id) INTO low, high FROM events;
  WHILE low <= high LOOP
    PERFORM analytics_roll_up(ARRAY(SELECT e FROM events e WHERE e.id >= low AND e.id < low + slice));
    low := low + slice;
  END LOOP;
END
$$;--> statement-breakpoint

SELECT analytics_rebuild();

CREATE TABLE "analytics_monthly" (
	"university_id" integer NOT NULL,
	"dimension" text NOT NULL,
	"metric" text NOT NULL,
	"month" date NOT NULL,
	"value" text NOT NULL,
	"events" integer NOT NULL,
	"amount" double precision DEFAULT 0 NOT NULL,
	"students" integer[] DEFAULT '{}'::int[] NOT NULL,
	CONSTRAINT "analytics_monthly_university_id_dimension_metric_month_value_pk" PRIMARY KEY("university_id","dimension","metric","month","value")
);
--> statement-breakpoint
ALTER TABLE "analytics_monthly" ADD CONSTRAINT "analytics_monthly_university_id_universities_id_fk" FOREIGN KEY ("university_id") REFERENCES "public"."universities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint

-- Whole months of a long range are read from analytics_monthly, the days at its ends from
-- analytics_daily. The roll-up is now one statement, so that a batch's facts are worked out once
-- (they were four times: the rebuild of millions of events spent most of its time there).
CREATE OR REPLACE FUNCTION analytics_roll_up(batch events[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  zero constant bit(366) := repeat('0', 366)::bit(366);
BEGIN
  WITH facts AS MATERIALIZED (
    SELECT * FROM analytics_facts(batch)
  ),
  -- Students counted once: active in a week (by its Monday), and the first time they did a step of
  -- the funnel (by the day they registered). The presence row decides "first" under concurrency.
  keys AS (
    SELECT DISTINCT f.university_id, f.user_id, 'week:' || date_trunc('week', f.day)::date AS key,
      'active:week' AS metric, date_trunc('week', f.day)::date AS day
    FROM facts f
    UNION
    SELECT DISTINCT f.university_id, f.user_id, 'first:' || f.kind, 'first:' || f.kind, f.registered_on
    FROM facts f
    WHERE f.kind IN ('profile.completed', 'job.viewed', 'job.saved', 'job.applied', 'cv.created', 'cv.exported', 'video.completed')
  ),
  fresh AS (
    INSERT INTO analytics_presence (university_id, key, user_id)
    SELECT university_id, key, user_id FROM keys ORDER BY 1, 2, 3
    ON CONFLICT DO NOTHING
    RETURNING university_id, key, user_id
  ),
  firsts AS MATERIALIZED (
    SELECT k.university_id, k.metric, k.day FROM fresh JOIN keys k USING (university_id, key, user_id)
  ),
  -- An event for each dimension it is counted under.
  split AS MATERIALIZED (
    SELECT f.university_id, c.dimension, f.kind AS metric, f.day, c.value, f.user_id, f.seconds
    FROM facts f
    CROSS JOIN LATERAL (VALUES
      ('all', ''),
      ('sponsorship', f.sponsorship),
      ('soc', f.soc),
      ('salary', f.salary_band),
      ('home', CASE WHEN f.job THEN f.home END),
      ('home-eligible', CASE WHEN f.sponsorship IN ('likely', 'new-entrant') THEN f.home END)
    ) AS c(dimension, value)
    WHERE c.value IS NOT NULL
  ),
  -- Counts with up to five of the students behind each (sorted, so that concurrent writers lock
  -- rows in one order).
  daily AS (
    INSERT INTO analytics_daily AS d (university_id, dimension, metric, day, value, events, amount, students)
    SELECT * FROM (
      SELECT university_id, dimension, metric, day, value, count(*)::integer, sum(seconds), (array_agg(DISTINCT user_id ORDER BY user_id))[1:5]
      FROM split GROUP BY 1, 2, 3, 4, 5
      UNION ALL
      SELECT university_id, 'all', metric, day, '', count(*)::integer, 0, '{}'::integer[] FROM firsts GROUP BY 1, 3, 4
    ) x
    ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (university_id, dimension, metric, day, value) DO UPDATE SET
      events = d.events + excluded.events,
      amount = d.amount + excluded.amount,
      students = CASE WHEN cardinality(d.students) >= 5 THEN d.students
        ELSE (SELECT coalesce((array_agg(DISTINCT s ORDER BY s))[1:5], '{}') FROM unnest(d.students || excluded.students) s) END
  ),
  monthly AS (
    INSERT INTO analytics_monthly AS m (university_id, dimension, metric, month, value, events, amount, students)
    SELECT * FROM (
      SELECT university_id, dimension, metric, date_trunc('month', day)::date, value, count(*)::integer, sum(seconds), (array_agg(DISTINCT user_id ORDER BY user_id))[1:5]
      FROM split GROUP BY 1, 2, 3, 4, 5
      UNION ALL
      SELECT university_id, 'all', metric, date_trunc('month', day)::date, '', count(*)::integer, 0, '{}'::integer[] FROM firsts GROUP BY 1, 3, 4
    ) x
    ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (university_id, dimension, metric, month, value) DO UPDATE SET
      events = m.events + excluded.events,
      amount = m.amount + excluded.amount,
      students = CASE WHEN cardinality(m.students) >= 5 THEN m.students
        ELSE (SELECT coalesce((array_agg(DISTINCT s ORDER BY s))[1:5], '{}') FROM unnest(m.students || excluded.students) s) END
  )
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
    FROM facts f
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
END
$$;--> statement-breakpoint

CREATE OR REPLACE FUNCTION analytics_rebuild() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  low integer;
  high integer;
  slice constant integer := 20000;
BEGIN
  TRUNCATE analytics_daily, analytics_monthly, analytics_activity, analytics_presence;
  SELECT min(id), max(id) INTO low, high FROM events;
  WHILE low <= high LOOP
    PERFORM analytics_roll_up(ARRAY(SELECT e FROM events e WHERE e.id >= low AND e.id < low + slice));
    low := low + slice;
  END LOOP;
END
$$;--> statement-breakpoint

-- The months so far, from the days (not the events): sums, and the first five of the days' students.
INSERT INTO analytics_monthly (university_id, dimension, metric, month, value, events, amount, students)
SELECT t.university_id, t.dimension, t.metric, t.month, t.value, t.events, t.amount, coalesce(s.students, '{}')
FROM (
  SELECT university_id, dimension, metric, date_trunc('month', day)::date AS month, value, sum(events)::integer AS events, sum(amount) AS amount
  FROM analytics_daily GROUP BY 1, 2, 3, 4, 5
) t
LEFT JOIN (
  SELECT university_id, dimension, metric, date_trunc('month', day)::date AS month, value, (array_agg(DISTINCT s ORDER BY s))[1:5] AS students
  FROM analytics_daily, unnest(students) s GROUP BY 1, 2, 3, 4, 5
) s USING (university_id, dimension, metric, month, value);

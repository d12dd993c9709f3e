PRAGMA cache_size=-262144;
PRAGMA temp_store=MEMORY;
CREATE TEMP TABLE q(k INTEGER);
WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i+1 FROM c WHERE i<500000) INSERT INTO q SELECT 1 + (abs(random()) % 2000000) FROM c;
SELECT count(*), sum(t.val*t.grp), sum(length(t.name)) FROM q JOIN t ON t.id=q.k;
SELECT grp, count(*), avg(val) FROM q JOIN t ON t.id=q.k GROUP BY grp ORDER BY 3 DESC LIMIT 3;

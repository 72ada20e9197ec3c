//! Rate-limit windows on a database several processes share
//! (`rate_windows`, on PostgreSQL only: an unlogged table, the counterpart
//! of the windows one process keeps in memory, and no part of the
//! sandbox's data): SQL only. The windows' rules are `rate_limit`'s.

use crate::db::sql::{self, Conn};

/// One key's two windows, each as its start (Unix millis, real time) and
/// the requests it admitted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Windows {
    pub minute: (i64, i64),
    pub hour: (i64, i64),
}

/// Counts a request of `key_id` at `now_ms` when both windows have room
/// (below `per_minute` and `per_hour`), each window first opened anew when
/// it is empty or has ended, as `rate_limit` opens them. Answers the
/// windows as they were just before this request's count. The key's row is
/// held from reading to writing, so requests of one key on any number of
/// processes are counted one after another.
pub fn count(conn: &Conn<'_>, key_id: i64, now_ms: i64, per_minute: u32, per_hour: u32) -> sql::Result<Windows> {
    conn.execute_cached(
        "INSERT INTO rate_windows (key_id, minute_start, minute_count, hour_start, hour_count)
         VALUES (?1, ?2, 0, ?2, 0) ON CONFLICT (key_id) DO NOTHING",
        (key_id, now_ms),
    )?;
    conn.query_row_cached(
        "WITH rolled AS (
             SELECT CASE WHEN minute_count = 0 OR ?2 >= minute_start + 60000 THEN ?2 ELSE minute_start END AS ms,
                    CASE WHEN minute_count = 0 OR ?2 >= minute_start + 60000 THEN 0 ELSE minute_count END AS mc,
                    CASE WHEN hour_count = 0 OR ?2 >= hour_start + 3600000 THEN ?2 ELSE hour_start END AS hs,
                    CASE WHEN hour_count = 0 OR ?2 >= hour_start + 3600000 THEN 0 ELSE hour_count END AS hc
             FROM rate_windows WHERE key_id = ?1 FOR UPDATE)
         UPDATE rate_windows SET minute_start = ms, hour_start = hs,
             minute_count = mc + CASE WHEN mc < ?3 AND hc < ?4 THEN 1 ELSE 0 END,
             hour_count = hc + CASE WHEN mc < ?3 AND hc < ?4 THEN 1 ELSE 0 END
         FROM rolled WHERE key_id = ?1
         RETURNING ms, mc, hs, hc",
        (key_id, now_ms, i64::from(per_minute), i64::from(per_hour)),
        |r| Ok(Windows { minute: (r.get(0)?, r.get(1)?), hour: (r.get(2)?, r.get(3)?) }),
    )
}

//! The process's limit on open files, raised at the start of the
//! long-running commands (`payctl sandbox`, `payctl proxy`).
//!
//! Every connection is a file descriptor, and most systems start a process
//! with a soft limit far below what it may have (1,024 on most Linux
//! machines, 256 on macOS, against a hard limit of 524,288 or more): with
//! the soft limit, a few hundred held or half-sent requests from one client
//! would leave the server unable to accept anyone else's. The soft limit
//! is raised to the hard one, which any process may do.

/// Raises the soft limit on open files to the hard limit; returns the limit
/// in force afterwards (`None` where there is none to read).
pub fn raise_open_files() -> Option<u64> {
    #[cfg(unix)]
    {
        let mut limit = libc::rlimit { rlim_cur: 0, rlim_max: 0 };
        // SAFETY: getrlimit writes one rlimit through a valid pointer.
        if unsafe { libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) } != 0 {
            return None;
        }
        if limit.rlim_cur < limit.rlim_max {
            // macOS refuses an unlimited (or too high) soft limit for files:
            // its most per process is then taken instead.
            for wanted in [limit.rlim_max, limit.rlim_max.min(10_240)] {
                let raised = libc::rlimit { rlim_cur: wanted, rlim_max: limit.rlim_max };
                // SAFETY: setrlimit reads one rlimit through a valid pointer.
                if unsafe { libc::setrlimit(libc::RLIMIT_NOFILE, &raised) } == 0 {
                    limit.rlim_cur = wanted;
                    break;
                }
            }
        }
        Some(limit.rlim_cur)
    }
    #[cfg(not(unix))]
    {
        None
    }
}

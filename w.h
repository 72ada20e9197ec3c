Running 10s test @ http://127.0.0.1:40425/
  1 threads and 4 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency   707.54us  488.48us  12.21ms   82.38%
    Req/Sec     5.91k   849.22     8.56k    61.00%
  58815 requests in 10.00s, 6.79MB read
Requests/sec:   5881.21
Transfer/sec:    694.95KB

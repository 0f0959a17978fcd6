// PostgreSQL ending every connection of one database, as a failover, a restart or an administrator
// (pg_terminate_backend) does: the connection-loss tests end their service's connections with it.
import type pg from 'pg';

/**
 * Ends every connection to `database` but `admin`'s own; how many were ended. The backends are
 * chosen first, then ended: in one WHERE clause PostgreSQL may call pg_terminate_backend before it
 * checks the database, and end every connection of the server.
 */
export async function endConnectionsTo(admin: pg.Client, database: string): Promise<number> {
  const { rows } = await admin.query<{ ended: boolean }>(
    `with chosen as materialized (
       select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()
     )
     select pg_terminate_backend(pid) as ended from chosen`,
    [database],
  );
  return rows.filter((row) => row.ended).length;
}

// TEMP (uncommitted)
import type { PgBoss } from "pg-boss";
export async function queueTranscode(_boss: PgBoss, _videoId: string): Promise<void> {}

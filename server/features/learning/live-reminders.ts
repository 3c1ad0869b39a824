// TEMP (uncommitted)
export async function scheduleLiveReminders(_deps: unknown, _lessonId: string): Promise<void> {}

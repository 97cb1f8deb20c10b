/**
 * BullMQ queue names. Warning: a queue's name is where its waiting and failed jobs live
 * in Redis; renaming one strands those jobs, so a rename needs a drain-and-switch plan.
 */
export enum JobQueue {
  Email = 'email',
  Webhook = 'webhook',
}

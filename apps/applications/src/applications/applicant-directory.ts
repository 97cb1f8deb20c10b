import { Injectable } from '@nestjs/common';
import { Actor, IdentityCommands, UserSummary } from '@portal/contracts';
import { ServiceClient } from '@portal/messaging';
import { orWhenUnanswered } from './other-services.client';

/** What the admin lists' text search looks for: a LIKE pattern over this service's fields, and the accounts identity matched. */
export interface TextMatch {
  pattern: string;
  owners: string[];
}

/** What identity tells the admin lists about applicants: whose account matches a search, and their names and emails. */
@Injectable()
export class ApplicantDirectory {
  constructor(private readonly services: ServiceClient) {}

  /**
   * Text search over full name, email and company, and over the applicant's account name and
   * email (identity answers; when it is unavailable, the search covers what this service holds).
   * Null when there is no text to search for.
   */
  async textMatch(q: string | undefined, admin: Actor): Promise<TextMatch | null> {
    const text = q?.trim();
    if (!text) return null;
    const pattern = `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
    const owners = await orWhenUnanswered(async () => (await this.services.send(IdentityCommands.findUserIds, { q: text }, { actor: admin })).userIds, []);
    return { pattern, owners };
  }

  /** Identity's summaries of these accounts by id; empty when it cannot answer, the list still shows. */
  async people(userIds: string[], admin: Actor): Promise<Map<string, UserSummary>> {
    const ids = [...new Set(userIds)];
    if (ids.length === 0) return new Map();
    return orWhenUnanswered(async () => {
      const { users } = await this.services.send(IdentityCommands.lookupUsers, { userIds: ids }, { actor: admin });
      return new Map(users.map((user) => [user.id, user]));
    }, new Map());
  }
}

import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { SignInProof, SignInProofPayload } from '@portal/contracts';
import { SignInProofRecord } from '../sessions/sign-in-proof.entity';

/** When a session last proved who is behind it; the gateway judges whether that is recent. */
@Injectable()
export class SignInProofs {
  constructor(private readonly dataSource: DataSource) {}

  async of({ userId, sessionId }: SignInProofPayload): Promise<SignInProof> {
    const record = await this.dataSource.manager.findOneBy(SignInProofRecord, { sessionId, userId });
    return { provedAt: record?.provedAt.toISOString() ?? null };
  }
}

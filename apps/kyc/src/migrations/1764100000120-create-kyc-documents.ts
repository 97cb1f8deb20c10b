import { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateKycDocuments1764100000120 implements MigrationInterface {
  name = 'CreateKycDocuments1764100000120';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "kyc"."kyc_documents" ("id" uuid NOT NULL, "user_id" uuid NOT NULL, "document_type" character varying(20) NOT NULL, "file_id" uuid NOT NULL, "status" character varying(20) NOT NULL, "review_notes" character varying(1000), "reviewed_by" uuid, "reviewed_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "pk_kyc_documents" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_kyc_documents_user" ON "kyc"."kyc_documents" ("user_id", "created_at") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_kyc_documents_file" ON "kyc"."kyc_documents" ("file_id") `);
    await queryRunner.query(
      `CREATE TABLE "kyc"."kyc_document_requests" ("id" uuid NOT NULL, "user_id" uuid NOT NULL, "message" character varying(1000) NOT NULL, "requested_by" uuid NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "pk_kyc_document_requests" PRIMARY KEY ("id"))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "kyc"."kyc_document_requests"`);
    await queryRunner.query(`DROP INDEX "kyc"."uq_kyc_documents_file"`);
    await queryRunner.query(`DROP INDEX "kyc"."idx_kyc_documents_user"`);
    await queryRunner.query(`DROP TABLE "kyc"."kyc_documents"`);
  }
}

/**
 * Sends one signed test delivery to an organisation's funding-platform receiver, the way the platform
 * does (docs/funding-webhooks.md). The signature comes from the server's own code, so what this script
 * sends is what the receiver checks.
 *
 *   node --import tsx scripts/send-funding-webhook.ts --url <receiver URL> --secret <whsec_…> \
 *     [--event registrationFolder.accepted] [--file payload.json] [--delivery-id dlv_…] \
 *     [--reference <training reference>] [--email <attendee address>]
 *
 * Without --file, it sends a sample event of --event (default `ping`). It prints the answer and exits
 * with 0 on a 2xx, 1 otherwise.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import {
  FUNDING_WEBHOOK_HEADERS,
  signFundingWebhook,
} from '../apps/server/src/modules/funding-webhooks/signature.ts';

const { values } = parseArgs({
  options: {
    url: { type: 'string' },
    secret: { type: 'string' },
    event: { type: 'string', default: 'ping' },
    file: { type: 'string' },
    'delivery-id': { type: 'string' },
    reference: { type: 'string', default: 'RS5487-ECRIT-PRO-2026' },
    email: { type: 'string', default: 'camille.test@exemple.fr' },
  },
});

if (!values.url || !values.secret) {
  console.error(
    'usage: send-funding-webhook.ts --url <receiver URL> --secret <secret> [--event <type>] [--file <payload.json>]',
  );
  process.exit(2);
}

const today = new Date();
const day = (offset: number) => new Date(today.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
const body =
  values.file !== undefined
    ? readFileSync(values.file, 'utf8')
    : JSON.stringify(
        values.event === 'ping'
          ? { type: 'ping' }
          : {
              type: values.event,
              registrationFolder: {
                id: `RF-TEST-${today.getTime()}`,
                trainingReference: values.reference,
                startDate: day(7),
                endDate: day(60),
                attendee: { email: values.email, firstName: 'Camille', lastName: 'Test' },
              },
            },
      );
const timestamp = String(Math.floor(Date.now() / 1000));
const deliveryId = values['delivery-id'] ?? `dlv_${randomUUID()}`;

const response = await fetch(values.url, {
  method: 'POST',
  headers: {
    'content-type': 'application/json',
    [FUNDING_WEBHOOK_HEADERS.timestamp]: timestamp,
    [FUNDING_WEBHOOK_HEADERS.deliveryId]: deliveryId,
    [FUNDING_WEBHOOK_HEADERS.signature]: signFundingWebhook(values.secret, timestamp, body),
  },
  body,
});
console.log(`${response.status} ${await response.text()}`);
process.exit(response.ok ? 0 : 1);

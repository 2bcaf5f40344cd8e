import { createServer, Packet } from 'dns2';

type RecordType = 'A' | 'CNAME' | 'TXT';
type Answer = ReturnType<typeof Packet.createResponseFromRequest>['answers'][number];

/** A record as dns2 encodes it (its types ask for a class instance; plain fields are what it reads). */
const answer = (fields: Record<string, unknown>) => fields as unknown as Answer;

/**
 * A real DNS server on 127.0.0.1 for the tests (it speaks the protocol over UDP, as the DNS
 * servers of the world do): the records a merchant would create at their registrar, answered to
 * the domain checks' resolver (DNS_SERVERS). Names it has no record of are NXDOMAIN.
 */
export class LocalDns {
  private readonly records = new Map<string, { type: RecordType; value: string }[]>();
  private readonly server = createServer({
    udp: true,
    handle: (request, send) => {
      const response = Packet.createResponseFromRequest(request);
      const [question] = request.questions;
      const name = question?.name.toLowerCase() ?? '';
      const known = this.records.get(name);
      if (!known) {
        response.header.rcode = Packet.RCODE.NXDOMAIN;
        send(response);
        return;
      }
      for (const record of known) {
        // A CNAME answers every question about its name (resolvers follow it).
        if (Packet.TYPE[record.type] !== question?.type && record.type !== 'CNAME') continue;
        const common = { name, type: Packet.TYPE[record.type], class: Packet.CLASS.IN, ttl: 60 };
        if (record.type === 'A') response.answers.push(answer({ ...common, address: record.value }));
        if (record.type === 'CNAME') response.answers.push(answer({ ...common, domain: record.value }));
        if (record.type === 'TXT') response.answers.push(answer({ ...common, data: record.value }));
      }
      // Following a CNAME here, as a recursive resolver would, for the address question.
      const alias = known.find((r) => r.type === 'CNAME');
      if (alias && question?.type === Packet.TYPE.A) {
        for (const target of this.records.get(alias.value) ?? []) {
          if (target.type !== 'A') continue;
          response.answers.push(
            answer({ name: alias.value, type: Packet.TYPE.A, class: Packet.CLASS.IN, ttl: 60, address: target.value }),
          );
        }
      }
      send(response);
    },
  });
  port = 0;

  /** Listens on `port` (0: any free one, as the tests want; a fixed one for a server started beforehand). */
  async start(port = 0): Promise<this> {
    await this.server.listen({ udp: { port, address: '127.0.0.1' } });
    this.port = (this.server.addresses() as { udp: { port: number } }).udp.port;
    return this;
  }

  /** The resolver setting that asks this server (config DNS_SERVERS). */
  get address(): string {
    return `127.0.0.1:${this.port}`;
  }

  /** Creates (or replaces) the records of one type at `name`. */
  set(name: string, type: RecordType, ...values: string[]): void {
    const others = (this.records.get(name) ?? []).filter((r) => r.type !== type);
    this.records.set(name, [...others, ...values.map((value) => ({ type, value }))]);
  }

  remove(name: string): void {
    this.records.delete(name);
  }

  close(): Promise<void> {
    return this.server.close() as Promise<void>;
  }
}

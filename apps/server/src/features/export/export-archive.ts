/**
 * What goes into a customer's data export (issue 29 item 7; decision 037): every feature's rows about
 * the account, read through the features' own tables, as JSON files with Spanish names, plus the
 * media (lost-mode photos, atenciones' videos, the avatar) and LEEME.txt describing each file. The ZIP
 * is written as a stream: JSON files are small and built in memory, each photo or video is opened only
 * when the ZIP reaches it, so a large export never sits in memory.
 *
 * Never in it: password hashes, session, device, reset or invitation token hashes, a lock's PIN,
 * Flow's payment token, an alert link's nonce: nothing that would let anyone act as the account.
 */
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Readable } from 'node:stream';
import type { ZipFile } from 'yazl';
import type { AppContext } from '../../lib/context.ts';
import { users, userPlans } from '../accounts/accounts.schema.ts';
import { planes } from '../plans/plans.schema.ts';
import { comunas, cuadrantes, paises, regiones } from '../geography/geography.schema.ts';
import { sponsors } from '../sponsors/sponsors.schema.ts';
import { emailChanges, linkedIdentities } from '../auth/auth.schema.ts';
import { devices } from '../devices/devices.schema.ts';
import { deviceCommands } from '../commands/commands.schema.ts';
import { lostReports } from '../lostphone/lostphone.schema.ts';
import { trackingPoints, trackings } from '../tracking/tracking.schema.ts';
import { payments } from '../payments/payments.schema.ts';
import { securityNetworkMembers } from '../network/network.schema.ts';
import { salesProfiles } from '../sales/sales.schema.ts';
import {
  atencionEvidence,
  atencionNotes,
  atencionShareLinks,
  atenciones,
} from '../atenciones/atenciones.schema.ts';
import { accountActivity } from '../activity/activity.schema.ts';
import { alertPositions, alerts } from '../alerts/alerts.schema.ts';
import { readmeText } from './export-readme.ts';

type Row = Record<string, unknown>;

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);
const json = (value: unknown) => Buffer.from(`${JSON.stringify(value, null, 2)}\n`, 'utf8');
const extensionOf = (key: string) => key.split('.').pop() ?? 'bin';

const xmlEscape = (text: string) =>
  text.replace(
    /[<>&"']/g,
    (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[char]!,
  );

/** One route as GPX 1.1: a track of one segment, its points in the order they arrived. */
export function routeGpx(
  route: { name: string; startedAt: Date },
  points: { lat: number; lng: number; recordedAt: Date }[],
): string {
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<gpx version="1.1" creator="Escudo" xmlns="http://www.topografix.com/GPX/1/1">',
    `  <metadata><name>${xmlEscape(route.name)}</name><time>${route.startedAt.toISOString()}</time></metadata>`,
    `  <trk><name>${xmlEscape(route.name)}</name><trkseg>`,
    ...points.map(
      (p) => `    <trkpt lat="${p.lat}" lon="${p.lng}"><time>${p.recordedAt.toISOString()}</time></trkpt>`,
    ),
    '  </trkseg></trk>',
    '</gpx>',
    '',
  ];
  return lines.join('\n');
}

/**
 * A stored file added to the ZIP under `name`, opened only when the ZIP reaches it. Returns false
 * (nothing added) when the storage no longer has it (a photo past the kept ones, say), so the JSON
 * can say so rather than point at a missing file.
 */
async function addStoredFile(ctx: AppContext, zip: ZipFile, key: string, name: string): Promise<boolean> {
  const size = await ctx.storage.sizeOf(key);
  if (size === null) return false;
  // photos and videos are compressed already: deflating them again costs time and saves nothing
  zip.addReadStreamLazy(name, { compress: false, size }, (callback) => {
    ctx.storage.open(key).then(
      (file) => {
        if (!file)
          callback(new Error(`a stored file went away while exporting: ${name}`), undefined as never);
        else callback(null, file.stream as Readable);
      },
      (error: unknown) => callback(error, undefined as never),
    );
  });
  return true;
}

/** Adds every file of the account's export to `zip` (its caller ends the ZIP). */
export async function addAccountData(ctx: AppContext, zip: ZipFile, userId: number): Promise<void> {
  const now = ctx.now();
  const add = (name: string, value: unknown) => zip.addBuffer(json(value), name, { mtime: now });

  // perfil.json (and avatar.jpg)
  const [profile] = await ctx.db
    .select({
      user: users,
      pais: paises.name,
      region: regiones.region,
      comuna: comunas.comuna,
      cuadrante: cuadrantes.name,
      patrocinador: sponsors.name,
    })
    .from(users)
    .leftJoin(paises, eq(paises.id, users.paisId))
    .leftJoin(regiones, eq(regiones.id, users.regionId))
    .leftJoin(comunas, eq(comunas.id, users.comunaId))
    .leftJoin(cuadrantes, eq(cuadrantes.id, users.cuadranteId))
    .leftJoin(sponsors, eq(sponsors.id, users.sponsorId))
    .where(eq(users.id, userId));
  if (!profile) throw new Error(`no account ${userId} to export`);
  const { user } = profile;
  // first, so that it is the first file a person sees when opening the ZIP
  // its link went to the account's address: the name only if that address is verified (decision 050)
  const readme = readmeText({ name: user.emailVerifiedAt ? user.name : null, at: now });
  zip.addBuffer(Buffer.from(readme, 'utf8'), 'LEEME.txt', { mtime: now });
  const hasAvatar = user.avatarKey ? await addStoredFile(ctx, zip, user.avatarKey, 'avatar.jpg') : false;
  const [plan] = await ctx.db
    .select({ nombre: planes.name, startedAt: userPlans.startedAt, expiresAt: userPlans.expiresAt })
    .from(userPlans)
    .innerJoin(planes, eq(planes.id, userPlans.planId))
    .where(eq(userPlans.userId, userId));
  const identities = await ctx.db
    .select()
    .from(linkedIdentities)
    .where(eq(linkedIdentities.userId, userId))
    .orderBy(asc(linkedIdentities.id));
  const [emailChange] = await ctx.db
    .select()
    .from(emailChanges)
    .where(and(eq(emailChanges.userId, userId), isNull(emailChanges.endedAt)));
  add('perfil.json', {
    nombre: user.name,
    email: user.email,
    direccion: user.direccion,
    telefono: user.telefono,
    rut: user.rut,
    genero: user.genero === 1 ? 'Masculino' : user.genero === 2 ? 'Femenino' : null,
    nacimiento: user.nacimiento,
    pais: profile.pais,
    region: profile.region,
    comuna: profile.comuna,
    cuadrante: profile.cuadrante,
    codigo_de_invitacion: user.codigoInvitacion,
    llegaste_por_un_referido: user.referredByUserId !== null,
    patrocinador: profile.patrocinador,
    tiene_contrasena: user.passwordHash !== null,
    email_verificado: iso(user.emailVerifiedAt),
    // the first proof of the mailbox, from which the account was its owner's alone (decision 050)
    cuenta_solo_tuya_desde: iso(user.reclaimedAt),
    cambio_de_email_en_curso: emailChange
      ? {
          nuevo_email: emailChange.newEmail,
          pedido: iso(emailChange.createdAt),
          se_aplica: iso(emailChange.appliesAfter),
          nuevo_email_confirmado: emailChange.newProvenAt !== null,
          confirmado_desde_el_email_actual: emailChange.oldConfirmedAt !== null,
        }
      : null,
    avatar: hasAvatar ? 'avatar.jpg' : null,
    cuenta_creada: iso(user.createdAt),
    ultima_actualizacion: iso(user.updatedAt),
    plan_actual: plan ? { plan: plan.nombre, desde: iso(plan.startedAt), hasta: iso(plan.expiresAt) } : null,
    cuentas_vinculadas: identities.map((identity) => ({
      proveedor: identity.provider,
      email: identity.email,
      vinculada: iso(identity.createdAt),
      ultimo_ingreso: iso(identity.lastSignInAt),
    })),
  });

  // dispositivos.json, with each phone's orders (never a lock's PIN)
  const phones = await ctx.db
    .select()
    .from(devices)
    .where(eq(devices.userId, userId))
    .orderBy(asc(devices.id));
  const phoneIds = phones.map((phone) => phone.id);
  const phoneName = new Map(phones.map((phone) => [phone.id, phone.deviceName]));
  const orders = phoneIds.length
    ? await ctx.db
        .select()
        .from(deviceCommands)
        .where(inArray(deviceCommands.deviceId, phoneIds))
        .orderBy(asc(deviceCommands.id))
    : [];
  add('dispositivos.json', {
    dispositivos: phones.map((phone) => ({
      id: phone.id,
      identificador: phone.deviceId,
      nombre: phone.deviceName,
      marca: phone.deviceBrand,
      modelo: phone.deviceModel,
      sistema: phone.deviceSo,
      version_del_sistema: phone.deviceSoversion,
      modo_perdido: phone.lost,
      registrado: iso(phone.createdAt),
      // its last state (issue 30 item 3): only the newest is kept, so this is all there is
      ultima_conexion: iso(phone.lastSeenAt),
      bateria: phone.battery,
      cargando: phone.charging,
      red: phone.network,
      estado_informado: iso(phone.statusAt),
      // a phone removed with its reports and routes kept (decision 044)
      quitado: iso(phone.removedAt),
      ordenes: orders
        .filter((order) => order.deviceId === phone.id)
        .map((order) => ({
          tipo: order.type,
          estado: order.state,
          motivo: order.reason,
          creada: iso(order.createdAt),
          actualizada: iso(order.updatedAt),
        })),
    })),
  });

  // modo-perdido/reportes.json + modo-perdido/fotos/*
  const reports = phoneIds.length
    ? await ctx.db
        .select()
        .from(lostReports)
        .where(inArray(lostReports.deviceId, phoneIds))
        .orderBy(asc(lostReports.id))
    : [];
  const reportEntries: Row[] = [];
  for (const report of reports) {
    const photo = `modo-perdido/fotos/reporte-${report.id}.${extensionOf(report.imageKey)}`;
    const hasPhoto = await addStoredFile(ctx, zip, report.imageKey, photo);
    reportEntries.push({
      id: report.id,
      dispositivo: phoneName.get(report.deviceId) ?? null,
      latitud: report.lat,
      longitud: report.lng,
      fecha: iso(report.createdAt),
      foto: hasPhoto ? photo : null,
    });
  }
  add('modo-perdido/reportes.json', { reportes: reportEntries });

  // rutas.json + rutas/*.gpx
  const routes = phoneIds.length
    ? await ctx.db
        .select()
        .from(trackings)
        .where(inArray(trackings.deviceId, phoneIds))
        .orderBy(asc(trackings.id))
    : [];
  const routeEntries: Row[] = [];
  for (const route of routes) {
    const points = await ctx.db
      .select({ lat: trackingPoints.lat, lng: trackingPoints.lng, recordedAt: trackingPoints.recordedAt })
      .from(trackingPoints)
      .where(eq(trackingPoints.trackingId, route.id))
      .orderBy(asc(trackingPoints.id));
    const file = `rutas/ruta-${route.id}.gpx`;
    const name = `${phoneName.get(route.deviceId) ?? 'Teléfono'}, ruta ${route.id}`;
    zip.addBuffer(Buffer.from(routeGpx({ name, startedAt: route.createdAt }, points), 'utf8'), file, {
      mtime: now,
    });
    routeEntries.push({
      id: route.id,
      dispositivo: phoneName.get(route.deviceId) ?? null,
      inicio: iso(route.createdAt),
      fin: iso(route.endedAt),
      puntos: points.length,
      archivo: file,
    });
  }
  add('rutas.json', { rutas: routeEntries });

  // pagos.json (never Flow's payment token)
  const paid = await ctx.db
    .select({ payment: payments, plan: planes.name })
    .from(payments)
    .innerJoin(planes, eq(planes.id, payments.planId))
    .where(eq(payments.userId, userId))
    .orderBy(asc(payments.id));
  add('pagos.json', {
    pagos: paid.map(({ payment, plan: planName }) => ({
      orden: payment.commerceOrder,
      orden_flow: payment.flowOrder,
      plan: planName,
      meses: payment.monthsPaid,
      monto_clp: payment.amount,
      estado: payment.status,
      medio_de_pago: payment.paymentMedia,
      fecha_de_pago: payment.paymentDate,
      motivo_de_falla: payment.failureReason,
      aplicado: iso(payment.appliedAt),
      plan_vigente_hasta: iso(payment.planExpiresAt),
      creado: iso(payment.createdAt),
    })),
  });

  // red-de-seguridad.json: the people I invited, and the networks I am in (never an invitation code)
  const invited = await ctx.db
    .select()
    .from(securityNetworkMembers)
    .where(eq(securityNetworkMembers.ownerUserId, userId))
    .orderBy(asc(securityNetworkMembers.id));
  const memberships = await ctx.db
    .select({ member: securityNetworkMembers, owner: users.name })
    .from(securityNetworkMembers)
    .innerJoin(users, eq(users.id, securityNetworkMembers.ownerUserId))
    .where(eq(securityNetworkMembers.memberUserId, userId))
    .orderBy(asc(securityNetworkMembers.id));
  add('red-de-seguridad.json', {
    personas_que_invitaste: invited.map((member) => ({
      nombre: member.name,
      email: member.email,
      telefono: member.phone,
      estado: member.status,
      invitada: iso(member.createdAt),
      aceptada: iso(member.acceptedAt),
    })),
    redes_de_las_que_eres_parte: memberships.map(({ member, owner }) => ({
      de: owner,
      estado: member.status,
      invitada: iso(member.createdAt),
      aceptada: iso(member.acceptedAt),
    })),
  });

  // ventas.json: the sales profile, and the accounts I referred with their paid orders
  const [salesProfile] = await ctx.db.select().from(salesProfiles).where(eq(salesProfiles.userId, userId));
  const referred = await ctx.db
    .select({ id: users.id, name: users.name, createdAt: users.createdAt })
    .from(users)
    .where(eq(users.referredByUserId, userId))
    .orderBy(asc(users.id));
  const referredPaid = referred.length
    ? await ctx.db
        .select({
          userId: payments.userId,
          amount: payments.amount,
          paymentDate: payments.paymentDate,
          appliedAt: payments.appliedAt,
        })
        .from(payments)
        .where(
          and(
            inArray(
              payments.userId,
              referred.map((account) => account.id),
            ),
            eq(payments.status, 'paid'),
          ),
        )
        .orderBy(asc(payments.id))
    : [];
  add('ventas.json', {
    perfil_de_ventas: salesProfile
      ? {
          estado: salesProfile.status === 1 ? 'activo' : 'suspendido',
          motivo_de_suspension: salesProfile.suspendReason,
          banco: salesProfile.bank,
          tipo_de_cuenta: salesProfile.accountType,
          numero_de_cuenta: salesProfile.accountNumber,
          titular: salesProfile.holder,
          rut_del_titular: salesProfile.holderRut,
          activado: iso(salesProfile.createdAt),
        }
      : null,
    cuentas_referidas: referred.map((account) => ({
      nombre: account.name,
      registrada: iso(account.createdAt),
      pagos: referredPaid
        .filter((payment) => payment.userId === account.id)
        .map((payment) => ({
          monto_clp: payment.amount,
          fecha_de_pago: payment.paymentDate,
          aplicado: iso(payment.appliedAt),
        })),
    })),
  });

  // atenciones.json + atenciones/videos/*
  const cases = await ctx.db
    .select({ atencion: atenciones, operator: users.name })
    .from(atenciones)
    .innerJoin(users, eq(users.id, atenciones.operatorId))
    .where(eq(atenciones.userId, userId))
    .orderBy(asc(atenciones.id));
  const caseIds = cases.map(({ atencion }) => atencion.id);
  const [notes, videos, shares] = caseIds.length
    ? await Promise.all([
        ctx.db
          .select({ note: atencionNotes, by: users.name })
          .from(atencionNotes)
          .innerJoin(users, eq(users.id, atencionNotes.createdBy))
          .where(inArray(atencionNotes.atencionId, caseIds))
          .orderBy(asc(atencionNotes.id)),
        ctx.db
          .select()
          .from(atencionEvidence)
          .where(inArray(atencionEvidence.atencionId, caseIds))
          .orderBy(asc(atencionEvidence.id)),
        ctx.db
          .select()
          .from(atencionShareLinks)
          .where(inArray(atencionShareLinks.atencionId, caseIds))
          .orderBy(asc(atencionShareLinks.id)),
      ])
    : [[], [], []];
  const videoFiles = new Map<number, string | null>();
  for (const video of videos) {
    const file = `atenciones/videos/atencion-${video.atencionId}-video-${video.id}.${extensionOf(video.storageKey)}`;
    videoFiles.set(video.id, (await addStoredFile(ctx, zip, video.storageKey, file)) ? file : null);
  }
  add('atenciones.json', {
    atenciones: cases.map(({ atencion, operator }) => ({
      id: atencion.id,
      operador: operator,
      inicio: iso(atencion.startedAt),
      fin: iso(atencion.endedAt),
      notas: notes
        .filter(({ note }) => note.atencionId === atencion.id)
        .map(({ note, by }) => ({
          titulo: note.title,
          descripcion: note.description,
          por: by,
          fecha: iso(note.createdAt),
        })),
      videos: videos
        .filter((video) => video.atencionId === atencion.id)
        .map((video) => ({
          archivo: videoFiles.get(video.id) ?? null,
          tipo: video.contentType,
          bytes: video.sizeBytes,
          sha256: video.sha256,
          subido: iso(video.createdAt),
        })),
      enlaces_compartidos: shares
        .filter((share) => share.atencionId === atencion.id)
        .map((share) => ({
          creado: iso(share.createdAt),
          vence: iso(share.expiresAt),
          revocado: iso(share.revokedAt),
        })),
    })),
  });

  // alertas.json: SOS alerts and their positions (never the public link's nonce)
  const sos = await ctx.db.select().from(alerts).where(eq(alerts.userId, userId)).orderBy(asc(alerts.id));
  const positions = sos.length
    ? await ctx.db
        .select()
        .from(alertPositions)
        .where(
          inArray(
            alertPositions.alertId,
            sos.map((alert) => alert.id),
          ),
        )
        .orderBy(asc(alertPositions.id))
    : [];
  add('alertas.json', {
    alertas: sos.map((alert) => ({
      id: alert.id,
      dispositivo: phoneName.get(alert.deviceId) ?? null,
      inicio: iso(alert.createdAt),
      fin: iso(alert.endedAt),
      posiciones: positions
        .filter((position) => position.alertId === alert.id)
        .map((position) => ({
          latitud: position.lat,
          longitud: position.lng,
          fecha: iso(position.recordedAt),
        })),
    })),
  });

  // actividad.json
  const activity = await ctx.db
    .select()
    .from(accountActivity)
    .where(eq(accountActivity.userId, userId))
    .orderBy(asc(accountActivity.at), asc(accountActivity.id));
  add('actividad.json', {
    actividad: activity.map((entry) => ({
      fecha: iso(entry.at),
      tipo: entry.kind,
      direccion_ip: entry.address,
      navegador: entry.browser,
      detalle: entry.detail,
    })),
  });
}

/**
 * LEEME.txt, the first file of a data export (issue 29 item 7): in Spanish, what each file of the ZIP
 * holds, so that the person (or whoever they hand it to) can read it without us.
 */
import { chileDateTime } from '../activity/security-notice.ts';
import { greeting } from '../../lib/mail/html.ts';

/** `name`: the account's, only when its address is verified (lib/mail/html.ts `greeting`) */
export function readmeText({ name, at }: { name: string | null; at: Date }): string {
  return `COPIA DE TUS DATOS EN ESCUDO
============================

${greeting(name).text}

Esta es una copia de todo lo que Escudo guarda sobre ti, preparada el ${chileDateTime(at)} (hora de Chile).
Los archivos .json se pueden abrir con cualquier editor de texto o importar en otro servicio.
Las fechas dentro de los archivos .json están en formato ISO 8601, en hora UTC
(por ejemplo 2026-03-01T14:30:00.000Z). Los montos están en pesos chilenos (CLP).

Por tu seguridad, esta copia NO incluye tu contraseña (ni su huella), los códigos de tus
sesiones, de tus teléfonos o de tus invitaciones, ni el PIN de un bloqueo.

ARCHIVOS
--------

LEEME.txt
    Este archivo.

perfil.json
    Tus datos personales: nombre, email, dirección, teléfono, RUT, género, fecha de nacimiento,
    país, región, comuna y cuadrante; tu código de invitación, tu patrocinador (si llegaste por
    uno), tu plan actual con sus fechas y las cuentas de Google vinculadas.

avatar.jpg
    Tu foto de perfil, si tienes una.

dispositivos.json
    Tus teléfonos registrados (nombre, marca, modelo, sistema, si están en modo perdido), su
    último estado (última conexión, batería, si estaba cargando, red) y las órdenes que les
    enviaste: bloqueo, borrado, modo perdido y seguimiento, con su estado. Los que quitaste de tu
    cuenta conservando sus datos aparecen con la fecha en "quitado".

modo-perdido/reportes.json
    Los reportes que enviaron tus teléfonos en modo perdido: dónde estaban (latitud y longitud),
    cuándo, y el nombre de la foto que tomaron.

modo-perdido/fotos/
    Las fotos de esos reportes (JPEG). Guardamos solo las más recientes de cada teléfono: un
    reporte cuya foto ya no guardamos tiene "foto": null.

rutas.json
    Las rutas que grabó el seguimiento de tus teléfonos: inicio, fin, cantidad de puntos y el
    archivo con el recorrido.

rutas/
    Cada ruta como archivo GPX, que abren Google Earth, Strava, OsmAnd y la mayoría de las
    aplicaciones de mapas.

pagos.json
    Tus órdenes de pago de planes: plan, meses, monto, estado, medio y fecha de pago según Flow.

red-de-seguridad.json
    Las personas que invitaste a tu red de seguridad (nombre, email, teléfono, estado) y las redes
    de otras personas de las que eres parte.

ventas.json
    Tu perfil de ventas por referidos (estado y cuenta bancaria para tus comisiones), las cuentas
    que se registraron con tu enlace y los pagos de esas cuentas.

atenciones.json
    Las atenciones que la central abrió para ti: operador, inicio y fin, notas, videos (con su
    huella SHA-256, para comprobar que no fueron alterados) y los enlaces de evidencia compartidos.

atenciones/videos/
    Los videos de evidencia de esas atenciones.

alertas.json
    Tus alertas SOS y las posiciones que envió tu teléfono durante cada una.

actividad.json
    La actividad de tu cuenta: inicios de sesión, cambios de contraseña, órdenes a tus teléfonos,
    invitaciones y otras acciones, con la dirección IP y el navegador desde donde se hicieron.
`;
}

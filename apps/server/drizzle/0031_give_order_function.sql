-- An owner's order to a phone (lock, lost mode, wipe) as one call to the database (decision 061):
-- the phone's row locked, the limits counted, the waiting order of its kind cancelled, the order
-- stored, the activity line and the security notice's durable event written, in one transaction and
-- one round trip. commands/give-order.ts calls it and owns every rule it applies: the limits, the
-- kinds and the texts come in as arguments. A later change gets a new name (give_order_v2), so that
-- processes still running this version keep working while a deployment replaces them.
CREATE FUNCTION give_order_v1(
  p_user integer,
  p_device text,
  -- the operating systems that carry out this order (spec 6: Android only)
  p_systems text[],
  p_type text,
  -- the types a new order of this type replaces while they wait for the phone
  p_kind text[],
  -- the types the limits count
  p_limited text[],
  p_payload jsonb,
  p_now timestamptz,
  p_window_start timestamptz,
  p_notice_since timestamptz,
  p_phone_max integer,
  p_account_max integer,
  p_replaced_reason text,
  -- the activity line without its detail, which is the phone's name: { kind, address, browser }
  p_activity jsonb,
  -- the security notice's event and payload, the phone's name added as its detail; null: none
  p_notice_event text,
  p_notice jsonb
) RETURNS jsonb
LANGUAGE plpgsql
-- VOLATILE: each statement below reads what was committed when it began, not when the call began
VOLATILE
AS $$
DECLARE
  phone record;
  seen record;
  due boolean;
  cancelled jsonb;
  stored jsonb;
BEGIN
  -- the lock first, on its own: orders to one phone are taken one after the other, and the count
  -- below, a statement begun after the lock was granted, sees the order committed before it
  SELECT d.id, d.device_id, d.device_so, d.device_name INTO phone
    FROM devices d
    WHERE d.device_id = p_device AND d.user_id = p_user AND d.removed_at IS NULL
    FOR UPDATE;
  IF NOT FOUND THEN
    RETURN jsonb_build_object('refused', 'not_found');
  END IF;
  IF NOT (phone.device_so = ANY (p_systems)) THEN
    RETURN jsonb_build_object('refused', 'not_supported');
  END IF;

  -- the account's phones, then their orders in the window (devices_user_idx, device_commands_device_idx)
  SELECT
    count(*) FILTER (WHERE c.device_id = phone.id)::int AS phone,
    min(c.created_at) FILTER (WHERE c.device_id = phone.id) AS phone_oldest,
    count(*)::int AS account,
    min(c.created_at) AS account_oldest,
    coalesce(bool_or(c.device_id = phone.id AND c.type = ANY (p_kind) AND c.notified_at > p_notice_since), false)
      AS noticed
    INTO seen
    FROM devices d
    JOIN device_commands c ON c.device_id = d.id
    WHERE d.user_id = p_user AND c.type = ANY (p_limited) AND c.created_at > p_window_start;
  IF seen.phone >= p_phone_max THEN
    RETURN jsonb_build_object('refused', 'phone_limit', 'oldest', seen.phone_oldest);
  END IF;
  IF seen.account >= p_account_max THEN
    RETURN jsonb_build_object('refused', 'account_limit', 'oldest', seen.account_oldest);
  END IF;
  due := p_notice IS NOT NULL AND NOT seen.noticed;

  -- an order that will never run keeps no PIN
  WITH gone AS (
    UPDATE device_commands
      SET state = 'cancelled', reason = p_replaced_reason, updated_at = p_now, payload = payload - 'pin'
      WHERE device_id = phone.id AND type = ANY (p_kind) AND state = 'sent'
      RETURNING *
  )
  SELECT coalesce(jsonb_agg(to_jsonb(gone) ORDER BY gone.id), '[]'::jsonb) INTO cancelled FROM gone;

  INSERT INTO device_commands (device_id, type, state, payload, notified_at, created_at, updated_at)
    VALUES (phone.id, p_type, 'sent', p_payload, CASE WHEN due THEN p_now END, p_now, p_now)
    RETURNING to_jsonb(device_commands) INTO stored;

  IF p_activity IS NOT NULL THEN
    -- the detail cut as activity.service.ts cuts it
    INSERT INTO account_activity (user_id, at, kind, address, browser, detail)
      VALUES (p_user, p_now, p_activity ->> 'kind', p_activity ->> 'address', p_activity ->> 'browser',
              left(phone.device_name, 200));
  END IF;
  IF due THEN
    INSERT INTO event_outbox (event, payload, created_at, available_at)
      VALUES (p_notice_event, p_notice || jsonb_build_object('detail', phone.device_name), p_now, p_now);
  END IF;

  RETURN jsonb_build_object(
    'phone', jsonb_build_object('id', phone.id, 'device_id', phone.device_id, 'device_name', phone.device_name),
    'order', stored,
    'cancelled', cancelled,
    'noticed', due
  );
END
$$;

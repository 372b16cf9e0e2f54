"""A table's lease in Redis (``server/cluster.py``): its key, and the two scripts that
renew and release leases atomically, only for the process that holds them."""

from __future__ import annotations


def lease_key(table_id: str) -> str:
    return f"ft:lease:{table_id}"


#: extends each lease (KEYS) still held by ARGV[1] by ARGV[2] ms, and takes again one that
#: lapsed while nobody took it (its holder was held up: nobody else started, and the
#: database's fence refuses it if anyone did): 1 each kept, 0 each another process holds
RENEW = """
local out = {}
for i, key in ipairs(KEYS) do
    local holder = redis.call('GET', key)
    if holder == ARGV[1] then
        redis.call('PEXPIRE', key, ARGV[2])
        out[i] = 1
    elseif not holder then
        redis.call('SET', key, ARGV[1], 'PX', ARGV[2])
        out[i] = 1
    else
        out[i] = 0
    end
end
return out
"""
#: deletes the lease KEYS[1] if ARGV[1] still holds it
RELEASE = """
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
"""

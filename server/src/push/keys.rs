//! The server's VAPID key pair: an ECDSA P-256 key made at first start and kept in the
//! database, so every instance signs with it and browsers' subscriptions outlive restarts.

use base64::engine::general_purpose::{STANDARD, URL_SAFE_NO_PAD};
use base64::Engine as _;
use ring::rand::SystemRandom;
use ring::signature::{EcdsaKeyPair, KeyPair, ECDSA_P256_SHA256_FIXED_SIGNING};
use sqlx::AnyConnection;

/// The key pair: PKCS#8 for signing, and the public key as browsers take it.
#[derive(Clone)]
pub struct VapidKeys {
    pkcs8: Vec<u8>,
    /// The uncompressed P-256 point, base64url without padding (`applicationServerKey`).
    pub public_key: String,
}

impl VapidKeys {
    /// A new key pair.
    pub fn generate() -> anyhow::Result<Self> {
        let rng = SystemRandom::new();
        let pkcs8 = EcdsaKeyPair::generate_pkcs8(&ECDSA_P256_SHA256_FIXED_SIGNING, &rng)
            .map_err(|_| anyhow::anyhow!("could not make a VAPID key"))?;
        Self::from_pkcs8(pkcs8.as_ref())
    }

    fn from_pkcs8(pkcs8: &[u8]) -> anyhow::Result<Self> {
        let pair = EcdsaKeyPair::from_pkcs8(
            &ECDSA_P256_SHA256_FIXED_SIGNING,
            pkcs8,
            &SystemRandom::new(),
        )
        .map_err(|_| anyhow::anyhow!("the stored VAPID key is not a P-256 key"))?;
        Ok(Self {
            pkcs8: pkcs8.to_vec(),
            public_key: URL_SAFE_NO_PAD.encode(pair.public_key().as_ref()),
        })
    }

    /// The signing key.
    pub fn pair(&self) -> anyhow::Result<EcdsaKeyPair> {
        EcdsaKeyPair::from_pkcs8(
            &ECDSA_P256_SHA256_FIXED_SIGNING,
            &self.pkcs8,
            &SystemRandom::new(),
        )
        .map_err(|_| anyhow::anyhow!("the VAPID key cannot sign"))
    }
}

/// The key pair in the database, made by whichever instance asks first.
pub async fn load_or_create(conn: &mut AnyConnection, now: i64) -> anyhow::Result<VapidKeys> {
    let read = |stored: String| -> anyhow::Result<VapidKeys> {
        VapidKeys::from_pkcs8(&STANDARD.decode(stored)?)
    };
    let select = "SELECT private_pkcs8 FROM push_keys WHERE id = 1";
    if let Some(stored) = sqlx::query_scalar::<_, String>(select)
        .fetch_optional(&mut *conn)
        .await?
    {
        return read(stored);
    }
    let fresh = VapidKeys::generate()?;
    sqlx::query(
        "INSERT INTO push_keys (id, private_pkcs8, public_key, created_at) VALUES (1, $1, $2, $3) \
         ON CONFLICT (id) DO NOTHING",
    )
    .bind(STANDARD.encode(&fresh.pkcs8))
    .bind(&fresh.public_key)
    .bind(now)
    .execute(&mut *conn)
    .await?;
    // Another instance may have made its own at the same moment: the stored one wins.
    read(sqlx::query_scalar(select).fetch_one(conn).await?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_made_key_reads_back_the_same_and_its_public_key_is_an_uncompressed_point() {
        let keys = VapidKeys::generate().unwrap();
        let again = VapidKeys::from_pkcs8(&keys.pkcs8).unwrap();
        assert_eq!(keys.public_key, again.public_key);
        let point = URL_SAFE_NO_PAD.decode(&keys.public_key).unwrap();
        assert_eq!(point.len(), 65);
        assert_eq!(point[0], 4);
        assert!(keys.pair().is_ok());
    }
}

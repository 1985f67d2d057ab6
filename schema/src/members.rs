//! The encoding of `layout_group_members`: a group's layout ids in
//! group_index order, in rows of [`CHUNK_IDS`] ids, 4 bytes each, least
//! significant byte first.

use crate::error::{Error, Result};

/// Bytes per id.
pub(crate) const ID_BYTES: usize = 4;

/// Ids per row: group_index `i` is id `i % CHUNK_IDS` of chunk
/// `i / CHUNK_IDS`. A full chunk, 4,000 bytes, fits in one 4 KiB page, so
/// finding one id reads one page.
pub(crate) const CHUNK_IDS: usize = 1000;

/// Encodes ids.
pub(crate) fn encode(ids: &[u32]) -> Vec<u8> {
    ids.iter().flat_map(|id| id.to_le_bytes()).collect()
}

/// Decodes what [`encode`] wrote.
pub(crate) fn decode(bytes: &[u8]) -> Result<Vec<u32>> {
    let chunks = bytes.chunks_exact(ID_BYTES);
    if !chunks.remainder().is_empty() {
        return Err(Error::inconsistent(format!(
            "a group's member ids take {} bytes, not a multiple of {ID_BYTES}",
            bytes.len()
        )));
    }
    Ok(chunks
        .map(|chunk| u32::from_le_bytes([chunk[0], chunk[1], chunk[2], chunk[3]]))
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip() {
        let ids = [0, 1, 4_091_296, 29_334_497, u32::MAX];
        assert_eq!(decode(&encode(&ids)).unwrap(), ids);
        assert_eq!(encode(&[0x0102_0304]), [4, 3, 2, 1]);
    }

    #[test]
    fn ragged_bytes_are_an_error() {
        let error = decode(&[1, 2, 3, 4, 5]).unwrap_err();
        assert!(error.to_string().contains("5 bytes"), "{error}");
    }
}

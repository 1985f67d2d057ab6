//! Names of layouts and groups: `jiang-bing-style-group_num-group_index` and
//! `jiang-bing-style-group_num`.

use std::fmt;
use std::str::FromStr;

use crate::class::{parse_numbers, Class, ClassError};

/// A group's name: its class and its `group_num` inside the class.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct GroupName {
    /// The class.
    pub class: Class,
    /// Rank of the group in its class: by size, largest first, then smallest code.
    pub group_num: u32,
}

/// A layout's unique name: its group and its `group_index` in the group.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Classification {
    /// The group.
    pub group: GroupName,
    /// Rank of the layout's code in its group, from 0.
    pub group_index: u32,
}

impl fmt::Display for GroupName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.class, self.group_num)
    }
}

impl fmt::Display for Classification {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.group, self.group_index)
    }
}

impl FromStr for GroupName {
    type Err = ClassError;

    /// Parses `J-B-S-G`, e.g. `5-4-1-0`. Whether the group exists is not checked.
    fn from_str(text: &str) -> Result<GroupName, ClassError> {
        let n = parse_numbers(text, 4).ok_or_else(|| ClassError::malformed(text, "J-B-S-G"))?;
        Ok(GroupName {
            class: Class::new(n[0], n[1], n[2])?,
            group_num: n[3],
        })
    }
}

impl FromStr for Classification {
    type Err = ClassError;

    /// Parses `J-B-S-G-I`, e.g. `5-4-1-0-1234`. Whether it exists is not checked.
    fn from_str(text: &str) -> Result<Classification, ClassError> {
        let n = parse_numbers(text, 5).ok_or_else(|| ClassError::malformed(text, "J-B-S-G-I"))?;
        let group = GroupName {
            class: Class::new(n[0], n[1], n[2])?,
            group_num: n[3],
        };
        Ok(Classification {
            group,
            group_index: n[4],
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_and_rejects() {
        let name: Classification = "5-4-1-0-1234".parse().unwrap();
        assert_eq!(name.to_string(), "5-4-1-0-1234");
        assert_eq!(name.group.to_string(), "5-4-1-0");
        assert_eq!("5-4-1-7".parse::<GroupName>().unwrap().group_num, 7);
        assert!("5-4-1-0".parse::<Classification>().is_err());
        assert!("5-4-1-0-x".parse::<Classification>().is_err());
        assert!("5-4-9-0-0".parse::<Classification>().is_err());
    }
}
